// The faults, on schedule: kill -9 of an instance (started again 5 s later), a PostgreSQL
// restart, Redis down for 10 s, a rolling restart of another instance (SIGTERM, drain, start),
// SMTP down for 20 s. Each leaves a window — from the fault until the part and every instance are
// back, plus a grace period — inside which 503 with Retry-After is allowed, except for the faults
// no answer may show (INVISIBLE_FAULTS: mail is queued) and the rolling restart (no 5xx at all:
// the instance drains first; a target of its own, bench/soak/run.ts).
import { INVISIBLE_FAULTS, RECOVERY_GRACE_MS, type FaultName, type FaultPlan } from './config';
import type { AppInstance } from './instances';
import { haproxyServersUp, type Postgres, type Restartable } from './services';

export interface Stack {
  postgres: Postgres;
  redis: Restartable;
  smtp: Restartable;
  instances: AppInstance[];
  healthPath: string;
}

export interface FaultWindow {
  name: FaultName;
  /**
   * When the fault began, when the part was back, when HAProxy had every instance up again (later
   * when the fault took instances down with it), and the end of the window: the later of the two
   * plus the grace period.
   */
  start: number;
  back: number;
  allUp: number;
  end: number;
  detail: string;
  /**
   * Whether requests may suffer while it lasts. Mail goes out through the job queue, so an SMTP
   * outage must not show in any answer: its window is held to the targets of normal running.
   */
  affectsRequests: boolean;
}

/** The instance killed with kill -9, and the one restarted with SIGTERM. */
type Victims = [AppInstance, AppInstance];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Waits until HAProxy's checks have brought every one of `servers` back (two good checks each). */
async function untilBalancerHas(servers: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await haproxyServersUp().catch(() => ({}) as Record<string, boolean>);
    if (servers.every((s) => up[s])) return true;
    await sleep(200);
  }
  return false;
}

async function inflict(
  plan: FaultPlan,
  stack: Stack,
  victim: AppInstance,
  restarted: AppInstance,
): Promise<{ back: number; detail: string }> {
  switch (plan.name) {
    case 'kill -9 of one instance': {
      await victim.kill9();
      await sleep(plan.downMs);
      victim.start();
      const started = Date.now();
      await victim.waitReady(stack.healthPath, 120_000);
      const ready = (Date.now() - started) / 1000;
      const up = await untilBalancerHas([victim.name]);
      return {
        back: Date.now(),
        detail: `${victim.name} killed, started again after ${plan.downMs / 1000} s, ready ${ready.toFixed(1)} s later${up ? '' : '; HAProxy had not marked it up 30 s after it was ready'}`,
      };
    }
    case 'PostgreSQL restart': {
      const t = Date.now();
      await stack.postgres.restart();
      return { back: Date.now(), detail: `pg_ctl restart -m fast took ${((Date.now() - t) / 1000).toFixed(1)} s` };
    }
    case 'rolling restart': {
      const { drainedMs, exit } = await restarted.restart();
      const started = Date.now();
      await restarted.waitReady(stack.healthPath, 120_000);
      const ready = (Date.now() - started) / 1000;
      const up = await untilBalancerHas([restarted.name]);
      return {
        back: Date.now(),
        detail: `${restarted.name}: SIGTERM, drained and stopped in ${(drainedMs / 1000).toFixed(1)} s (${exit}), ready ${ready.toFixed(1)} s after its start${up ? '' : '; HAProxy had not marked it up 30 s after it was ready'}`,
      };
    }
    case 'Redis down':
      await stack.redis.stop();
      await sleep(plan.downMs);
      await stack.redis.start();
      return { back: Date.now(), detail: `redis-server stopped (SIGTERM) for ${plan.downMs / 1000} s` };
    case 'SMTP down':
      await stack.smtp.stop();
      await sleep(plan.downMs);
      await stack.smtp.start();
      return { back: Date.now(), detail: `SMTP sink stopped for ${plan.downMs / 1000} s` };
  }
}

/** Inflicts one fault at `at` (ms since epoch) and waits for the part, and every instance, to be back. */
async function runOne(
  stack: Stack,
  t0: number,
  plan: FaultPlan,
  at: number,
  [victim, restarted]: Victims,
): Promise<FaultWindow> {
  await sleep(at - Date.now());
  const start = Date.now();
  const rel = (t: number) => ((t - t0) / 1000).toFixed(1).padStart(5);
  console.log(`  ${rel(start)} s  ${plan.name}`);
  let outcome: { back: number; detail: string };
  try {
    outcome = await inflict(plan, stack, victim, restarted);
  } catch (err) {
    outcome = { back: Date.now(), detail: `did not recover: ${(err as Error).message.split('\n')[0]}` };
  }
  console.log(`  ${rel(outcome.back)} s  … ${plan.name}: back (${outcome.detail})`);
  // Instances the fault took down with it (a crash) are part of the fault until they are back:
  // asked directly (HAProxy would go on calling a dead one up for two more checks), then HAProxy.
  const affectsRequests = !INVISIBLE_FAULTS.has(plan.name);
  const allBack =
    plan.name === 'SMTP down' ||
    ((await Promise.all(stack.instances.map((i) => i.waitReady(stack.healthPath, 120_000).then(() => true, () => false)))).every(Boolean) &&
      (await untilBalancerHas(stack.instances.map((i) => i.name), 30_000)));
  const allUp = Date.now();
  if (allUp - outcome.back > 1_000 || !allBack) {
    console.log(`  ${rel(allUp)} s  … ${allBack ? 'every instance up again' : 'instances still down after 120 s'}`);
  }
  return {
    name: plan.name,
    start,
    back: outcome.back,
    allUp,
    end: Math.max(outcome.back, allUp) + RECOVERY_GRACE_MS,
    detail: outcome.detail,
    affectsRequests,
  };
}

/**
 * Runs the schedule from `t0`. Faults that requests may feel run one at a time — one whose part
 * came back late pushes the next past its window, so every error belongs to one fault; the SMTP
 * outage, which no answer should feel, keeps its own time. A fault that fails to recover is
 * reported, and the drill goes on.
 */
export async function runFaults(stack: Stack, t0: number, plans: FaultPlan[], victim: AppInstance): Promise<FaultWindow[]> {
  // The rolling restart takes another instance than the one killed.
  const victims: Victims = [victim, stack.instances.find((i) => i !== victim) ?? victim];
  const sequential = async () => {
    const windows: FaultWindow[] = [];
    for (const plan of plans.filter((p) => p.name !== 'SMTP down')) {
      windows.push(await runOne(stack, t0, plan, Math.max(t0 + plan.at, windows.at(-1)?.end ?? 0), victims));
    }
    return windows;
  };
  const apart = plans.filter((p) => p.name === 'SMTP down').map((plan) => runOne(stack, t0, plan, t0 + plan.at, victims));
  const [chain, ...others] = await Promise.all([sequential(), ...apart]);
  return [...chain, ...others];
}
