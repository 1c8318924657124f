import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { REDIS_ANSWER_MS, type RedisHealth } from '../../adapters/redis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
/** What the plugin hands a store's constructor: its settings, of which these two count here. */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's own two stores (its index does not export them): counting stays exactly the
// plugin's, in Redis and in memory alike.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

export interface RedisOrMemoryOptions {
  redis: Redis;
  health: RedisHealth;
  /** Put before every key (the deployment's REDIS_PREFIX and the limits' own part). */
  nameSpace: string;
  /** One call counted in memory because Redis could not be used. */
  onFallback(): void;
}

/**
 * Shared limits while Redis answers, this instance's own in memory while it does not (down,
 * unreachable, or a call failing mid-way): a request is never refused, or failed, for want of
 * Redis. Each route's limiter has both stores; counts made in memory during an outage stay there.
 */
class RedisOrMemoryStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly memory: Store,
    private readonly options: RedisOrMemoryOptions,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.call('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number) {
    this.call('read', key, callback, timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new RedisOrMemoryStore(
      this.shared.child(routeOptions),
      this.memory.child(routeOptions),
      this.options,
    );
  }

  private call(
    method: 'incr' | 'read',
    key: string,
    callback: Callback,
    timeWindow: number,
    max: number,
  ) {
    const { health, onFallback } = this.options;
    const inMemory = () => {
      onFallback();
      this.memory[method](key, callback, timeWindow, max);
    };
    if (!health.usable()) return inMemory();
    let settled = false;
    const settle = (error: unknown, result?: Result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error || !result) {
        health.failed(error);
        inMemory();
      } else {
        health.answered();
        callback(null, result);
      }
    };
    // The client's own command timeout may be unset (a client a test made): never wait longer.
    const timer = setTimeout(
      () => settle(new Error('Redis did not answer in time')),
      REDIS_ANSWER_MS,
    );
    try {
      this.shared[method](key, settle, timeWindow, max);
    } catch (err) {
      settle(err);
    }
  }
}

/** The store option of @fastify/rate-limit for an app with Redis. */
export function redisOrMemoryStore(options: RedisOrMemoryOptions): FastifyRateLimitStoreCtor {
  return class extends RedisOrMemoryStore {
    constructor(settings: StoreParams) {
      const continueExceeding = settings.continueExceeding ?? false;
      const exponentialBackoff = settings.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, options.redis, options.nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        options,
      );
    }
  };
}
