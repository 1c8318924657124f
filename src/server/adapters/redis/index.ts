import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type * as IoRedis from 'ioredis';

/**
 * Redis is an accelerator, never a dependency (docs/decisions/039): it shares rate limits and
 * cache invalidations between instances, and each instance does without it while it is away. So
 * no call ever waits for it: a call made while it is disconnected fails at once, and one it does
 * not answer within REDIS_ANSWER_MS (a partition, an overloaded server) fails then.
 */
export const REDIS_ANSWER_MS = 1_000;
/** After a failed call on a connection that still looks open, calls go elsewhere this long. */
export const REDIS_RETRY_MS = 1_000;

/** The client for REDIS_URL: fails fast while disconnected, and reconnects by itself for ever. */
export function connectRedis(url: string): Redis {
  // Loaded here, when REDIS_URL is set, not by every start (docs/decisions/055).
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof IoRedis;
  const redis = new Client(url, {
    enableOfflineQueue: false,
    // A call under way when the connection drops fails then, rather than waiting for a reconnect.
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_ANSWER_MS,
    connectTimeout: 2_000,
  });
  // Connection errors are reported by the app's watcher (watchRedis: one line per outage); with
  // no listener at all, ioredis would print every failed reconnection attempt.
  redis.on('error', () => {});
  return redis;
}

/** The subset of pino's logger the watcher uses. */
export interface RedisLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/**
 * Whether this instance should use Redis now, and the one place an outage is reported: one warn
 * line when it starts and one info line when it ends, however many calls did without Redis.
 */
export interface RedisHealth {
  /** Connected, and no call failed in the last REDIS_RETRY_MS: worth sending a call to. */
  usable(): boolean;
  /** A call failed (or the connection dropped): an outage starts, if none is under way. */
  failed(err?: unknown): void;
  /** A call was answered (or the connection is ready again): the outage under way ends. */
  answered(): void;
  /** Stops listening (before the connection is closed on purpose, which is no outage). */
  stop(): void;
}

export interface WatchOptions {
  log: RedisLog;
  /** Told whether Redis answers, on every change and when it first connects (a gauge). */
  onState?: (up: boolean) => void;
}

export function watchRedis(redis: Redis, { log, onState }: WatchOptions): RedisHealth {
  let outage = false;
  let retryAt = 0;
  const failed = (err?: unknown) => {
    retryAt = Date.now() + REDIS_RETRY_MS;
    if (outage) return;
    outage = true;
    onState?.(false);
    log.warn(
      { err },
      'Redis is unreachable: rate limits are per instance and caches expire on their TTL until it is back',
    );
  };
  const answered = () => {
    retryAt = 0;
    if (!outage) return;
    outage = false;
    onState?.(true);
    log.info('Redis is back: rate limits are shared and caches dropped on every write again');
  };
  const onReady = () => {
    onState?.(true);
    answered();
  };
  const onClose = () => failed(new Error('the connection to Redis closed'));
  redis.on('ready', onReady);
  redis.on('close', onClose);
  redis.on('error', failed);
  onState?.(redis.status === 'ready');
  return {
    usable: () => redis.status === 'ready' && Date.now() >= retryAt,
    failed,
    answered,
    stop() {
      redis.off('ready', onReady);
      redis.off('close', onClose);
      redis.off('error', failed);
    },
  };
}
