// Brings the drill's deployment up — PostgreSQL, Redis, s3rver, the SMTP sink, three production
// instances started at once on the empty database, HAProxy in front — and takes it down again.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../../src/server/http/boot/build';
import { LIVE_PATH, PORTS } from './config';
import { AppInstance, type InstanceEvent } from './instances';
import { MailLog } from './mail-log';
import { ProcessTable } from './processes';
import {
  assertPortsFree,
  ensureHaproxy,
  haproxy,
  haproxyServersUp,
  Postgres,
  redisServer,
  s3Server,
  smtpSink,
  type Restartable,
} from './services';

export interface Drill {
  root: string;
  postgres: Postgres;
  redis: Restartable;
  smtp: Restartable;
  instances: AppInstance[];
  events: InstanceEvent[];
  mail: MailLog;
  healthPath: string;
  /** How long the web build took (when it had to run): not part of the drill's own time. */
  buildMs: number;
  /** Each instance's log file. */
  instanceLogs: { name: string; file: string }[];
  close(): Promise<void>;
}

const step = (text: string) => console.log(`· ${text}`);

async function untilBalancerHasAll(names: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await haproxyServersUp().catch(() => ({}) as Record<string, boolean>);
    if (names.every((n) => up[n])) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`HAProxy did not mark ${names.join(', ')} up within ${timeoutMs / 1000} s`);
}

/** `onCloser` gets the way to take everything down as soon as there is something to take down (Ctrl-C). */
export async function startDrill(healthPath: string, onCloser: (close: () => Promise<void>) => void): Promise<Drill> {
  await assertPortsFree([PORTS.haproxy, PORTS.haproxyStats, PORTS.s3, PORTS.smtp, ...PORTS.apps, PORTS.postgres, PORTS.redis]);
  const root = mkdtempSync(path.join(os.tmpdir(), 'storefront-soak-'));
  // The cluster belongs to the postgres user when the drill runs as root: it must reach its folder.
  chmodSync(root, 0o711);
  const logs = path.join(root, 'logs');
  mkdirSync(logs);
  const table = new ProcessTable(logs);
  const events: InstanceEvent[] = [];
  const instances: AppInstance[] = [];
  let haproxyProcess: Restartable | null = null;
  let buildMs = 0;
  const postgres = new Postgres(table, path.join(root, 'pg'));
  const redis = redisServer(table, path.join(root, 'redis'));
  const smtpFile = path.join(root, 'smtp-delivered.jsonl');
  const smtp = smtpSink(table, smtpFile);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.all(instances.map((instance) => instance.stop().catch(() => {})));
    await haproxyProcess?.stop().catch(() => {});
    await table.stopAll();
    if (process.env.SOAK_KEEP) console.log(`Kept ${root} (logs in ${logs}).`);
    else rmSync(root, { recursive: true, force: true });
  };
  onCloser(close);

  try {
    const haproxyBin = await ensureHaproxy(table.logFile('apt'));
    step('production builds (the web bundle and the compiled server, when missing or older than their sources)');
    const buildStart = Date.now();
    ensureBuild(process.cwd(), (msg) => console.log(`  ${msg}`));
    buildMs = Date.now() - buildStart;
    step(`PostgreSQL cluster in ${path.join(root, 'pg')} on port ${PORTS.postgres}`);
    await postgres.create();
    step(`redis-server on ${PORTS.redis}, s3rver on ${PORTS.s3}, SMTP sink on ${PORTS.smtp}`);
    await redis.start();
    await s3Server(table, path.join(root, 's3')).start();
    await smtp.start();

    const shared = { databaseUrl: postgres.url, jwtSecret: randomBytes(48).toString('base64url') };
    for (let i = 0; i < PORTS.apps.length; i++) instances.push(new AppInstance(table, i, shared, root, events));
    step(`${instances.length} production instances started at once on the empty database (ports ${PORTS.apps.join(', ')})`);
    for (const instance of instances) instance.start();
    haproxyProcess = haproxy(table, haproxyBin, healthPath, LIVE_PATH);
    await haproxyProcess.start();
    step(`HAProxy on ${PORTS.haproxy} (deploy/haproxy/haproxy.cfg, checks on ${healthPath}; stats on ${PORTS.haproxyStats})`);
    // The first start migrates and seeds the demo (its photos are drawn then): minutes on a busy machine.
    await Promise.all(instances.map((i) => i.waitReady(healthPath, 300_000)));
    await untilBalancerHasAll(instances.map((i) => i.name));
  } catch (err) {
    await close();
    throw err;
  }

  const instanceLogs = instances.map((i) => ({ name: i.name, file: table.logFile(i.name) }));
  return { root, postgres, redis, smtp, instances, events, mail: new MailLog(smtpFile), healthPath, buildMs, instanceLogs, close };
}
