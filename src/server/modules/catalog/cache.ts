import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env';
import type { Logger, ModuleDeps } from '../core';

/**
 * The catalogue's read cache: public list answers and expensive counts, kept in this process and
 * dropped as a whole on every committed catalogue write (here, and in other instances through
 * Redis when REDIS_URL is set). A TTL bounds staleness if an invalidation is ever lost (Redis
 * down, a subscriber reconnecting). Concurrent misses of one key share one load (single flight).
 *
 * One cache per app instance, keyed by its `env` object: the deps of a request, a job and a
 * transaction all carry the same one, and two apps in one process (tests) never share entries.
 */
interface Entry {
  expires: number;
  value: Promise<unknown>;
}
interface CatalogCache {
  entries: Map<string, Entry>;
  /** Tells the other instances (set while Redis sync runs). */
  publish?: () => void;
}

const caches = new WeakMap<object, CatalogCache>();
/** Distinct pages, tags and sellers a process keeps; the oldest entry leaves first. */
const MAX_ENTRIES = 2000;
/** Counts are cached even when list pages are not (CATALOG_CACHE_MS=0): at 1M posts a count is a scan. */
const COUNT_TTL_MS = 60_000;
export const CATALOG_CHANNEL = 'catalog:invalidate';

function cacheOf(env: Env): CatalogCache {
  let cache = caches.get(env);
  if (!cache) caches.set(env, (cache = { entries: new Map() }));
  return cache;
}

/**
 * Called after every committed catalogue write (never inside the transaction: a reader between the
 * invalidation and the commit would cache the old state). Drops every cached list and count.
 */
export function invalidateCatalog(deps: Pick<ModuleDeps, 'env'>): void {
  const cache = cacheOf(deps.env);
  cache.entries.clear();
  cache.publish?.();
}

async function cached<T>(
  deps: Pick<ModuleDeps, 'env' | 'now'>,
  key: string,
  ttl: number,
  load: () => Promise<T>,
): Promise<T> {
  if (ttl <= 0) return load();
  const { entries } = cacheOf(deps.env);
  const now = deps.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttl, value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  try {
    return await value;
  } catch (err) {
    // A failed load is not remembered: the next reader tries again.
    if (entries.get(key)?.value === value) entries.delete(key);
    throw err;
  }
}

/** A public list answer, cached for CATALOG_CACHE_MS (0: not cached). */
export const cachedList = <T>(
  deps: Pick<ModuleDeps, 'env' | 'now'>,
  key: string,
  load: () => Promise<T>,
): Promise<T> => cached(deps, `list:${key}`, deps.env.CATALOG_CACHE_MS, load);

/** A count that would scan many rows (the whole published list), cached until the next write. */
export const cachedCount = (
  deps: Pick<ModuleDeps, 'env' | 'now'>,
  key: string,
  load: () => Promise<number>,
): Promise<number> => cached(deps, `count:${key}`, COUNT_TTL_MS, load);

/**
 * With Redis, every instance drops its cache when any instance writes: writes publish on
 * CATALOG_CHANNEL, a second connection (a subscribed one can do nothing else) listens. While the
 * subscriber is disconnected messages are lost, so reconnecting clears the cache too. Returns the
 * function that stops it.
 */
export function syncCatalogCache(env: Env, redis: Redis, log: Logger): () => void {
  const cache = cacheOf(env);
  const instance = randomUUID();
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('message', (channel: string, from: string) => {
    if (channel === CATALOG_CHANNEL && from !== instance) cache.entries.clear();
  });
  subscriber.on('ready', () => cache.entries.clear());
  subscriber.on('error', (err: Error) => log.warn({ err }, 'catalog cache subscriber error'));
  subscriber.subscribe(CATALOG_CHANNEL).catch((err: unknown) => {
    log.warn({ err }, 'catalog cache: could not subscribe to invalidations');
  });
  cache.publish = () => {
    redis.publish(CATALOG_CHANNEL, instance).catch((err: unknown) => {
      log.warn({ err }, 'catalog cache: could not publish an invalidation');
    });
  };
  return () => {
    cache.publish = undefined;
    subscriber.disconnect();
  };
}
