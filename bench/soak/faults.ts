// The faults, on schedule, one after the other: kill -9 of an instance (started again 5 s later),
// a PostgreSQL restart, Redis down for 10 s, SMTP down for 20 s. Each leaves a window — from the
// fault until the part is back plus a grace period — inside which 503 with Retry-After is allowed.
import { RECOVERY_GRACE_MS, type FaultName, type FaultPlan } from './config';
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
  /** When the fault began, when the part was back, and the end of the window (back + grace). */
  start: number;
  back: number;
  end: number;
  detail: string;
  /**
   * Whether requests may suffer while it lasts. Mail goes out through the job queue, so an SMTP
   * outage must not show in any answer: its window is held to the targets of normal running.
   */
  affectsRequests: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Waits until HAProxy's checks have brought `server` back (two good checks). */
async function untilBalancerHas(server: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await haproxyServersUp().catch(() => ({}) as Record<string, boolean>))[server]) return true;
    await sleep(200);
  }
  return false;
}

async function inflict(plan: FaultPlan, stack: Stack, victim: AppInstance): Promise<{ back: number; detail: string }> {
  switch (plan.name) {
    case 'kill -9 of one instance': {
      await victim.kill9();
      await sleep(plan.downMs);
      victim.start();
      await victim.waitReady(stack.healthPath, 120_000);
      const up = await untilBalancerHas(victim.name);
      return { back: Date.now(), detail: `${victim.name} killed, started again after ${plan.downMs / 1000} s${up ? '' : '; HAProxy had not marked it up 30 s after it was ready'}` };
    }
    case 'PostgreSQL restart': {
      const t = Date.now();
      await stack.postgres.restart();
      return { back: Date.now(), detail: `pg_ctl restart -m fast took ${((Date.now() - t) / 1000).toFixed(1)} s` };
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

/** Runs the schedule from `t0`; a fault that fails to recover is reported, and the drill goes on. */
export async function runFaults(stack: Stack, t0: number, plans: FaultPlan[], victim: AppInstance): Promise<FaultWindow[]> {
  const windows: FaultWindow[] = [];
  for (const plan of plans) {
    await sleep(t0 + plan.at - Date.now());
    const start = Date.now();
    console.log(`  ${((start - t0) / 1000).toFixed(1).padStart(5)} s  ${plan.name}`);
    let outcome: { back: number; detail: string };
    try {
      outcome = await inflict(plan, stack, victim);
    } catch (err) {
      outcome = { back: Date.now(), detail: `did not recover: ${(err as Error).message.split('\n')[0]}` };
    }
    console.log(`  ${((outcome.back - t0) / 1000).toFixed(1).padStart(5)} s  … back (${outcome.detail})`);
    windows.push({
      name: plan.name,
      start,
      back: outcome.back,
      end: outcome.back + RECOVERY_GRACE_MS,
      detail: outcome.detail,
      affectsRequests: plan.name !== 'SMTP down',
    });
  }
  return windows;
}
