/**
 * An in-process cache of generated answers (share images, sitemap documents): least recently used
 * entries leave first once it holds `maxEntries` or `maxBytes`; entries may expire after `ttlMs`.
 * Concurrent misses of one key share one load (single flight), and a load that fails is not
 * remembered. `clear()` also disowns loads still running, so what they produce from data read
 * before the change is never stored.
 */
export interface BoundedCacheOptions<V> {
  maxEntries: number;
  maxBytes: number;
  sizeOf: (value: V) => number;
  /** How long an entry stays fresh (absent: until it is pushed out or cleared). */
  ttlMs?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  size: number;
  expires: number;
}

/**
 * A getter of one cache per app instance, keyed by the instance's env object as every other
 * per-instance cache is (tests run many instances in one process; each starts empty).
 */
export function cachePerInstance<V>(
  options: BoundedCacheOptions<V>,
): (env: object) => BoundedCache<V> {
  const caches = new WeakMap<object, BoundedCache<V>>();
  return (env) => {
    let cache = caches.get(env);
    if (!cache) caches.set(env, (cache = new BoundedCache(options)));
    return cache;
  };
}

export class BoundedCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the oldest use first.
  readonly #entries = new Map<string, Entry<V>>();
  readonly #pending = new Map<string, Promise<V>>();
  readonly #options: BoundedCacheOptions<V>;
  #bytes = 0;
  #epoch = 0;
  /** Loads started (misses that were not joined to a running load). */
  loads = 0;

  constructor(options: BoundedCacheOptions<V>) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  /** The cached value of `key`, or the result of `load()` (stored unless the cache was cleared meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      if (hit.expires > this.#now()) {
        this.#entries.set(key, hit);
        return Promise.resolve(hit.value);
      }
      this.#bytes -= hit.size;
    }
    const running = this.#pending.get(key);
    if (running) return running;

    const epoch = this.#epoch;
    this.loads += 1;
    const loading = load().then(
      (value) => {
        if (this.#pending.get(key) === loading) this.#pending.delete(key);
        if (epoch === this.#epoch) this.#store(key, value);
        return value;
      },
      (err: unknown) => {
        if (this.#pending.get(key) === loading) this.#pending.delete(key);
        throw err;
      },
    );
    this.#pending.set(key, loading);
    return loading;
  }

  #store(key: string, value: V) {
    const { maxEntries, maxBytes, sizeOf, ttlMs } = this.#options;
    const size = sizeOf(value);
    // Something larger than the whole budget is served but not kept.
    if (size > maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.size;
    }
    this.#entries.set(key, {
      value,
      size,
      expires: ttlMs === undefined ? Infinity : this.#now() + ttlMs,
    });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= maxEntries && this.#bytes <= maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.size;
    }
  }

  /** Drops every entry; loads running now still answer their callers but are not stored. */
  clear(): void {
    this.#entries.clear();
    this.#pending.clear();
    this.#bytes = 0;
    this.#epoch += 1;
  }
}
