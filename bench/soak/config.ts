// What the fault drill runs: ports, sizes, the fault schedule and the targets, in one place.

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

/** Every port of the drill (the ranges this machine gives it: 7100-7199, 54431-54439, 6381-6389). */
export const PORTS = {
  haproxy: 7100,
  haproxyStats: 7101,
  s3: 7102,
  smtp: 7103,
  apps: [7111, 7112, 7113],
  postgres: 54431,
  redis: 6381,
} as const;

/** Simulated users, each with its own client address, account and think time. */
export const USERS = num('SOAK_USERS', 100);
/** Length of the measured workload. */
export const DURATION_MS = num('SOAK_SECONDS', 60) * 1000;
/**
 * Pause between one user's actions: uniform in [min, max). 1–4 s gives about 55 requests a second
 * from 100 users; at 0.7–1.9 s (about 80/s) the 2-core machine was saturated, every median near
 * 400 ms, which measures the machine rather than the app.
 */
export const THINK_MS = [num('SOAK_THINK_MIN_MS', 1000), num('SOAK_THINK_MAX_MS', 4000)] as const;
/** A request with no answer after this long counts as failed (HAProxy's own timeouts are 30 s). */
export const REQUEST_TIMEOUT_MS = 35_000;
/** After the workload, how long queued mail may take to go out before it counts as not delivered. */
export const SETTLE_MS = num('SOAK_SETTLE_SECONDS', 90) * 1000;
/** Seeds the users' choices, so a run can be replayed (SOAK_SEED=…). */
export const SEED = num('SOAK_SEED', Date.now() % 1_000_000);

/** HAProxy checks each instance on this route (the same variable as compose.yaml). */
export const HEALTH_PATH = process.env.HEALTH_PATH || '/api/v1/health/ready';
/** Where HAProxy sends requests when no instance is ready (the same variable as compose.yaml). */
export const LIVE_PATH = process.env.LIVE_PATH || '/api/v1/health/live';
/** A bucket name no username can shadow at `/{name}` (usernames have no dots). */
export const S3_BUCKET = 'storefront.media';

/**
 * A window ends this long after the failed part (and every instance) is back: "service resumes
 * within 5 s of the database returning" (issue 21).
 */
export const RECOVERY_GRACE_MS = 5_000;

export type FaultName =
  | 'kill -9 of one instance'
  | 'PostgreSQL restart'
  | 'Redis down'
  | 'rolling restart'
  | 'SMTP down';

/**
 * Faults no answer may show: mail is queued. Their windows are held to the targets of normal
 * running. A rolling restart is a window for latency (an instance booting takes CPU from the
 * others on this 2-core machine) but, its instance draining first, no answer may be a 5xx at all
 * (docs/decisions/038): a target of its own.
 */
export const INVISIBLE_FAULTS: ReadonlySet<FaultName> = new Set(['SMTP down']);

/** When each fault starts (ms into the workload) and how long the part stays down. */
export interface FaultPlan {
  name: FaultName;
  at: number;
  downMs: number;
}

/**
 * The schedule for a 60 s run, stretched or shrunk with SOAK_SECONDS. The faults requests may feel
 * run one at a time (a late recovery delays the next); SMTP keeps its time (bench/soak/faults.ts).
 */
export function faultSchedule(durationMs = DURATION_MS): FaultPlan[] {
  const at = (s: number) => Math.round((s / 60) * durationMs);
  return [
    { name: 'kill -9 of one instance', at: at(5), downMs: 5_000 },
    { name: 'PostgreSQL restart', at: at(18), downMs: 0 },
    { name: 'Redis down', at: at(26), downMs: 10_000 },
    // SIGTERM to one instance (it drains, exits 0), started again as a deploy would: no 5xx, no reset.
    { name: 'rolling restart', at: at(41), downMs: 0 },
    { name: 'SMTP down', at: at(30), downMs: 20_000 },
  ];
}

export const TARGETS = {
  /** p99 of every route outside the fault windows. */
  p99Ms: 500,
};
