import type { Env } from '../../config/env';
import { announceChange, announceCountsChange, onContentChange, type ModuleDeps } from '../core';

/**
 * The catalogue's read cache: public list answers and expensive counts, kept in this process and
 * dropped as a whole on every committed catalogue write or seller profile change (here, and in other
 * instances through the change bus's Redis link when REDIS_URL is set: core/changes.ts). A TTL bounds staleness if an invalidation is ever lost (Redis
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
}

const caches = new WeakMap<object, CatalogCache>();
/** Distinct pages, tags and sellers a process keeps; the oldest entry leaves first. */
const MAX_ENTRIES = 2000;
/** Counts are cached even when list pages are not (CATALOG_CACHE_MS=0): at 1M posts a count is a scan. */
const COUNT_TTL_MS = 60_000;

function cacheOf(env: Env): CatalogCache {
  let cache = caches.get(env);
  if (!cache) {
    const created: CatalogCache = { entries: new Map() };
    // Lists show posts and their sellers' names and photos; a site's branding is not in them.
    onContentChange(env, (change) => {
      if (change.kind !== 'site') created.entries.clear();
    });
    caches.set(env, (cache = created));
  }
  return cache;
}

/**
 * Called after every committed catalogue write (never inside the transaction: a reader between the
 * invalidation and the commit would cache the old state) with the owners of the posts written
 * (null: anyone's). Every cached list and count goes, and every other cache hears of it.
 */
export function invalidateCatalog(
  deps: Pick<ModuleDeps, 'env' | 'log'>,
  ownerIds: readonly string[] | null,
): void {
  cacheOf(deps.env);
  announceChange(deps, { kind: 'catalog', userIds: ownerIds });
}

/**
 * Called, like `invalidateCatalog`, after a committed write that only moved the stock of the
 * sellers' posts (an order placed, cancelled or expired): every cached list and count goes as well,
 * but the sellers' rendered pages are refreshed behind their visitors (a soft change).
 */
export function invalidateCatalogStock(
  deps: Pick<ModuleDeps, 'env' | 'log'>,
  ownerIds: readonly string[],
): void {
  cacheOf(deps.env);
  announceCountsChange(deps, 'catalog', ownerIds);
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
