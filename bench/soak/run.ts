/**
 * `npm run soak`, the fault drill (issue 21, docs/decisions/042): three production instances behind
 * HAProxy (deploy/haproxy/haproxy.cfg, the file compose.yaml uses) on a PostgreSQL cluster, Redis,
 * s3rver and an SMTP sink of its own; 100 simulated users browse, search, like, follow, comment,
 * upload and buy for 60 s while, on schedule, one instance is killed with SIGKILL (and started
 * again 5 s later), PostgreSQL restarts, Redis stops for 10 s, another instance is restarted as a
 * deploy does (SIGTERM: it drains, exits, starts again) and SMTP stops for 20 s. Then it reads the
 * database and the sink: orders paid = charges made, no double charge, every acknowledged write
 * present exactly once, every mail delivered exactly once.
 *
 * Targets (PASS/MISS, exit code 1 on a miss): no 5xx other than 503 with Retry-After inside the
 * fault windows and none outside; no lost or duplicated write; p99 ≤ 500 ms outside the windows;
 * no instance dies other than the one killed; the rolling restart shows no 5xx or reset at all;
 * the whole run within 5 minutes.
 *
 * Variables: HEALTH_PATH (the route HAProxy checks, default /api/v1/health/ready), SOAK_SECONDS,
 * SOAK_USERS, SOAK_SEED (replays the users' choices), SOAK_SETTLE_SECONDS, SOAK_KEEP=1 (keep the
 * temporary folder and its logs). Not part of `npm test`.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { ACTIONS, chooseAction, type Ctx } from './actions';
import { Recorder } from './client';
import { DURATION_MS, faultSchedule, HEALTH_PATH, SEED, SETTLE_MS, TARGETS, THINK_MS, USERS } from './config';
import { startDrill, type Drill } from './drill';
import { runFaults, type FaultWindow } from './faults';
import { Ledger } from './ledger-book';
import { checkMoney, checkWrites, likeCounterDrift, missingMediaFiles } from './ledger-check';
import { checkMail, settleMail } from './mail-check';
import { answeredIn, figures, inWindow, isHardError, printInstanceErrors, printRouteTable, printWindows } from './report';
import { buildWorld, onboardUsers, type SimUser } from './users';

const began = Date.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
type Verdict = [string, boolean];

async function workload(users: SimUser[], ctx: Ctx, end: number) {
  await Promise.all(
    users.map(async (u) => {
      await sleep(u.random() * THINK_MS[1]);
      while (Date.now() < end) {
        await chooseAction(u)(u, ctx).catch((err: Error) => ctx.ledger.anomaly(`the drill's own error: ${err.message}`));
        await sleep(THINK_MS[0] + u.random() * (THINK_MS[1] - THINK_MS[0]));
      }
    }),
  );
}

async function verdicts(drill: Drill, ctx: Ctx, windows: FaultWindow[], t0: number): Promise<Verdict[]> {
  const samples = ctx.rec.samples;
  printRouteTable(samples, windows);
  printWindows(samples, windows, t0);

  console.log(`\nWaiting up to ${SETTLE_MS / 1000} s for queued mail to go out…`);
  const db = new pg.Client({ connectionString: drill.postgres.url });
  await db.connect();
  try {
    const settled = await settleMail(db, ctx.ledger, drill.mail, SETTLE_MS);
    const money = await checkMoney(db);
    const writes = await checkWrites(db, ctx.ledger);
    const drift = await likeCounterDrift(db);
    const lostFiles = await missingMediaFiles(db, ctx.ledger);
    const mail = await checkMail(db, ctx.ledger, drill.mail);

    console.log('\nLedger:');
    console.log(`  orders paid ${money.paidOrders}, charges ${money.charges}; charged twice ${money.doubleCharged}, intents succeeded twice ${money.intentsSucceededTwice}, wrong amount ${money.wrongAmount}, paid without charge ${money.paidWithoutCharge}, charge without paid order ${money.chargeWithoutPaid}`);
    for (const w of writes) {
      console.log(`  ${w.kind.padEnd(9)} acknowledged ${String(w.acknowledged).padStart(5)}, missing ${w.missing.length}, duplicated ${w.duplicated.length}, refused but present ${w.refusedPresent.length}; outcome unknown ${w.unknown} (${w.unknownPresent} present)`);
      for (const key of [...w.missing, ...w.duplicated, ...w.refusedPresent].slice(0, 5)) console.log(`      ${key}`);
    }
    console.log(`  like counters that disagree with their rows: ${drift}; acknowledged photos whose file does not answer: ${lostFiles.length}`);
    for (const a of ctx.ledger.anomalies.slice(0, 10)) console.log(`  anomaly: ${a}`);
    console.log(`  mail: ${mail.expected} expected, ${mail.once} delivered exactly once, ${mail.lost.length} not delivered${settled ? '' : ` ${SETTLE_MS / 1000} s after the workload`}, ${mail.duplicated.length} delivered more than once (as different messages), ${mail.sameMessageIdTwice} resent with a Message-ID already received (a mailbox keeps one)`);
    for (const m of mail.lost.slice(0, 5)) console.log(`      not delivered: ${m.what}`);
    for (const d of mail.duplicated.slice(0, 5)) console.log(`      ${d.times} × ${d.key}`);
    console.log(`      mail jobs done ${mail.mailJobsDone}, messages the sink received ${mail.received}`);
    if (mail.received > mail.mailJobsDone) {
      // Each of these jobs sends one message: more messages than finished jobs means some job
      // delivered and was not recorded done (its instance died) — it will send again.
      console.log(`      ${mail.received - mail.mailJobsDone} messages were sent by jobs not recorded as done: they go out again, with the same Message-ID, when the job runs again`);
    }
    for (const j of mail.pendingJobs) console.log(`      job ${j}`);

    const outside = samples.filter((s) => !inWindow(s, windows));
    const inside = samples.filter((s) => inWindow(s, windows));
    const slowest = figures(outside).sort((a, b) => b.p99 - a.p99)[0];
    // A drained restart shows no client anything: not even a 503 (docs/decisions/038).
    const restartErrors = windows
      .filter((w) => w.name === 'rolling restart')
      .flatMap((w) => samples.filter((s) => answeredIn(s, w) && (s.status === 0 || s.status >= 500)));
    const unplanned = drill.events.filter((e) => e.kind === 'unplanned exit');
    const sum = (f: (w: (typeof writes)[number]) => number) => writes.reduce((n, w) => n + f(w), 0);
    return [
      [`0 5xx other than 503 with Retry-After inside the fault windows (${inside.filter(isHardError).length})`, inside.filter(isHardError).length === 0],
      [`0 5xx outside the fault windows (${outside.filter((s) => isHardError(s) || s.status >= 500).length})`, outside.every((s) => !isHardError(s) && s.status < 500)],
      [`p99 ≤ ${TARGETS.p99Ms} ms outside the fault windows on every route (worst: ${slowest?.route} ${slowest?.p99.toFixed(0)} ms)`, !slowest || slowest.p99 <= TARGETS.p99Ms],
      [`0 lost writes: every acknowledged write present (${sum((w) => w.missing.length)} missing of ${sum((w) => w.acknowledged)}; photo files missing ${lostFiles.length})`, sum((w) => w.missing.length) === 0 && lostFiles.length === 0],
      [`0 duplicated writes (${sum((w) => w.duplicated.length)}; refused but present ${sum((w) => w.refusedPresent.length)}; like counters off ${drift}; anomalies ${ctx.ledger.anomalies.length})`, sum((w) => w.duplicated.length + w.refusedPresent.length) + drift + ctx.ledger.anomalies.length === 0],
      [`orders paid = charges made (${money.paidOrders} = ${money.charges})`, money.paidOrders === money.charges && money.paidWithoutCharge + money.chargeWithoutPaid + money.wrongAmount === 0],
      [`no double charge (${money.doubleCharged + money.intentsSucceededTwice})`, money.doubleCharged + money.intentsSucceededTwice === 0],
      [`every queued mail delivered exactly once (${mail.once}/${mail.expected})`, mail.once === mail.expected && mail.duplicated.length === 0],
      [`no instance died other than the one killed (${unplanned.length})`, unplanned.length === 0],
      [`a rolling restart (SIGTERM, drain, start) shows no 5xx and no reset (${restartErrors.length})`, restartErrors.length === 0],
    ];
  } finally {
    await db.end();
  }
}

async function main(): Promise<number> {
  const plans = faultSchedule();
  console.log(`Fault drill: ${USERS} users for ${DURATION_MS / 1000} s, seed ${SEED}; HAProxy checks ${HEALTH_PATH}.`);
  let close: (() => Promise<void>) | null = null;
  let interrupted = false;
  const onSignal = (signal: string) => {
    interrupted = true;
    console.log(`\n${signal}: stopping everything the drill started…`);
    void (close?.() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const drill = await startDrill(HEALTH_PATH, (c) => (close = c));
  try {
    const runId = SEED.toString(36);
    const setup = new Recorder();
    const ctx: Ctx = {
      rec: new Recorder(),
      ledger: new Ledger(),
      world: null as never,
      users: [],
      photo: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b45309' } }).jpeg({ quality: 80 }).toBuffer(),
    };
    console.log(`· ${USERS} users register (activation links from the SMTP sink) and sign in`);
    ctx.users = await onboardUsers(setup, drill.mail, ctx.ledger, runId, USERS, SEED);
    ctx.world = await buildWorld(setup, ctx.users, runId);
    console.log(`· workload: ${ACTIONS.map(([w, name]) => `${name} ${w}`).join(', ')} (relative weights); think time ${THINK_MS[0]}–${THINK_MS[1]} ms`);

    const loadBefore = os.loadavg()[0]!;
    const t0 = Date.now();
    const victim = drill.instances[SEED % drill.instances.length]!;
    const [windows] = await Promise.all([runFaults(drill, t0, plans, victim), workload(ctx.users, ctx, t0 + DURATION_MS)]);
    const seconds = DURATION_MS / 1000;
    console.log(`\n${ctx.rec.samples.length} requests in ${seconds.toFixed(0)} s (${(ctx.rec.samples.length / seconds).toFixed(0)}/s); setup took ${((t0 - began) / 1000).toFixed(0)} s`);
    // Latency on a shared machine says as much about the machine as about the app.
    console.log(`load average (1 min) ${loadBefore.toFixed(1)} when the workload began, ${os.loadavg()[0]!.toFixed(1)} when it ended, on ${os.cpus().length} cores`);

    const results = await verdicts(drill, ctx, windows, t0);
    printInstanceErrors(drill.instanceLogs);
    for (const e of drill.events.filter((e) => e.kind === 'unplanned exit')) {
      const when = e.at < t0 ? 'during start-up' : `at ${((e.at - t0) / 1000).toFixed(1)} s`;
      console.log(`\n${e.instance} exited unplanned ${when} (${e.detail.split('\n')[0]}), its log says:\n    ${e.detail.split('\n').slice(1).join('\n    ')}`);
    }
    if (process.env.SOAK_KEEP) {
      writeFileSync(path.join(drill.root, 'samples.json'), JSON.stringify({ t0, windows, samples: ctx.rec.samples, writes: ctx.ledger.records }));
    }
    const total = (Date.now() - began - drill.buildMs) / 1000;
    const build = drill.buildMs > 1000 ? `; plus ${(drill.buildMs / 1000).toFixed(0)} s of web build before it` : '';
    results.push([`whole run ≤ 5 minutes (${total.toFixed(0)} s${build})`, total <= 300]);
    console.log(`\nFault drill of ${new Date(began).toISOString().slice(0, 16).replace('T', ' ')} UTC, seed ${SEED}:`);
    for (const [text, ok] of results) console.log(`${ok ? 'PASS' : 'MISS'}  ${text}`);
    return results.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    if (!interrupted) await drill.close();
  }
}

const code = await main().catch((err: Error) => {
  console.error(`\nThe drill could not run: ${err.message}`);
  return 2;
});
// Everything the drill started is stopped by now; pollers still waiting (a readiness wait that
// lost its race) must not keep the process up.
process.exit(code);
