import { describe, expect, it } from 'vitest';
import { BoundedCache, cachePerInstance } from './bounded-cache';

const text = (opts: Partial<ConstructorParameters<typeof BoundedCache<string>>[0]> = {}) =>
  new BoundedCache<string>({ maxEntries: 3, maxBytes: 100, sizeOf: (v) => v.length, ...opts });

/** A load the test finishes by hand, so "at the same time" needs no timing. */
function deferred() {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('BoundedCache', () => {
  it('loads a key once and serves it from memory afterwards', async () => {
    const cache = text();
    let calls = 0;
    const load = async () => `value ${++calls}`;
    expect(await cache.get('a', load)).toBe('value 1');
    expect(await cache.get('a', load)).toBe('value 1');
    expect(calls).toBe(1);
    expect(cache.loads).toBe(1);
  });

  it('shares one running load between concurrent misses', async () => {
    const cache = text();
    const d = deferred();
    let calls = 0;
    const load = () => (calls++, d.promise);
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    d.resolve('shared');
    expect(await both).toEqual(['shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('forgets a failed load so the next reader tries again', async () => {
    const cache = text();
    await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
    expect(cache.loads).toBe(2);
  });

  it('pushes out the least recently used entry by count and by bytes', async () => {
    const cache = text();
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    await cache.get('a', async () => 'never'); // a is now the most recent
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'b again')).toBe('b again');
    expect(await cache.get('a', async () => 'never')).toBe('a');

    const small = text({ maxBytes: 10 });
    await small.get('x', async () => '123456');
    await small.get('y', async () => '123456');
    expect(small.size).toBe(1);
    expect(small.bytes).toBe(6);
    await small.get('huge', async () => 'x'.repeat(11));
    expect(small.bytes).toBe(6);
  });

  it('lets entries expire after their time to live', async () => {
    let now = 0;
    const cache = text({ ttlMs: 1000, now: () => now });
    await cache.get('a', async () => 'old');
    now = 999;
    expect(await cache.get('a', async () => 'new')).toBe('old');
    now = 1000;
    expect(await cache.get('a', async () => 'new')).toBe('new');
    expect(cache.bytes).toBe(3);
  });

  it('does not store what a load started before clear() produces', async () => {
    const cache = text();
    const d = deferred();
    const stale = cache.get('a', () => d.promise);
    cache.clear();
    d.resolve('stale');
    expect(await stale).toBe('stale');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('keeps one cache per app instance (per env object)', async () => {
    const cacheOf = cachePerInstance<string>({
      maxEntries: 3,
      maxBytes: 100,
      sizeOf: (v) => v.length,
    });
    const one = {};
    const other = {};
    expect(cacheOf(one)).toBe(cacheOf(one));
    expect(cacheOf(one)).not.toBe(cacheOf(other));
    await cacheOf(one).get('a', async () => 'from one');
    expect(await cacheOf(other).get('a', async () => 'from other')).toBe('from other');
  });
});
