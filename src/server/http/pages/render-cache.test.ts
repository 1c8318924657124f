import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, RenderCache, type CachedPage } from './render-cache';

const page = (bytes = 100): CachedPage => ({
  headers: [['content-type', 'text/html; charset=utf-8']],
  scriptHashes: [],
  csp: "script-src 'self'",
  html: Buffer.alloc(bytes),
  br: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
});

const limits = { maxEntries: 3, maxBytes: 10_000, maxPerOwner: 2, ttlMs: 1_000 };

function cache(overrides: Partial<typeof limits> = {}) {
  let now = 0;
  const c = new RenderCache({ ...limits, ...overrides }, () => now);
  return { c, advance: (ms: number) => (now += ms) };
}

describe('RenderCache', () => {
  it('keeps at most maxEntries pages, the least recently used leaving first', () => {
    const { c } = cache({ maxPerOwner: 10 });
    for (const key of ['a', 'b', 'c']) c.store(key, 'owner', page(), c.tick);
    c.get('a');
    c.store('d', 'owner', page(), c.tick);
    expect(['a', 'b', 'c', 'd'].filter((k) => c.get(k))).toEqual(['a', 'c', 'd']);
  });

  it('keeps at most maxBytes, and nothing larger than that', () => {
    const { c } = cache({ maxEntries: 100, maxPerOwner: 100, maxBytes: 2_000 });
    expect(c.store('huge', 'o', page(5_000), c.tick)).toBe(false);
    for (const key of ['a', 'b', 'c']) c.store(key, key, page(500), c.tick);
    expect(c.bytes).toBeLessThanOrEqual(2_000);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('c')).toBeDefined();
  });

  it("pushes out a seller's own older pages past their share, not anyone else's", () => {
    const { c } = cache({ maxEntries: 10 });
    c.store('other', 'someone', page(), c.tick);
    for (const key of ['p1', 'p2', 'p3']) c.store(key, 'flooder', page(), c.tick);
    expect(c.get('other')).toBeDefined();
    expect(['p1', 'p2', 'p3'].filter((k) => c.get(k))).toEqual(['p2', 'p3']);
  });

  it('drops the pages of the sellers a change names, or everything for everyone', () => {
    const { c } = cache({ maxPerOwner: 10, maxEntries: 10 });
    c.store('a1', 'a', page(), c.tick);
    c.store('a2', 'a', page(), c.tick);
    c.store('b1', 'b', page(), c.tick);
    c.changed({ kind: 'catalog', userIds: ['a'] });
    expect([c.get('a1'), c.get('a2')]).toEqual([undefined, undefined]);
    expect(c.get('b1')).toBeDefined();
    c.changed({ kind: 'catalog', userIds: null });
    expect(c.size).toBe(0);
    expect(c.bytes).toBe(0);
  });

  it('refuses a page rendered before a change of its seller (it may show the old state)', () => {
    const { c } = cache();
    const startedAt = c.tick;
    c.changed({ kind: 'site', userIds: ['a'] });
    expect(c.store('a', 'a', page(), startedAt)).toBe(false);
    expect(c.store('b', 'b', page(), startedAt)).toBe(true);
    const later = c.tick;
    c.changed({ kind: 'all', userIds: null });
    expect(c.store('b', 'b', page(), later)).toBe(false);
  });

  it('expires pages after the TTL, keeping them only as stale copies until a change drops them', () => {
    const { c, advance } = cache();
    const kept = page();
    c.store('a', 'a', kept, c.tick);
    advance(999);
    expect(c.get('a')).toBeDefined();
    advance(2);
    expect(c.get('a')).toBeUndefined();
    expect(c.stale('a')).toBe(kept);
    c.changed({ kind: 'site', userIds: ['a'] });
    expect(c.stale('a')).toBeUndefined();
    expect(c.bytes).toBe(0);
  });

  it('forgets the username of an account that changed (it may have been renamed)', () => {
    const { c } = cache();
    c.rememberOwner('maya', 'id-1');
    c.changed({ kind: 'catalog', userIds: ['id-1'] });
    expect(c.ownerIdOf('maya')).toBe('id-1');
    c.changed({ kind: 'user', userIds: ['id-1'] });
    expect(c.ownerIdOf('maya')).toBeUndefined();
  });

  it('lets visits of a page being rendered wait for that render', async () => {
    const { c } = cache();
    expect(c.running('a')).toBeUndefined();
    const settle = c.begin('a');
    const waiting = c.running('a');
    const kept = page();
    settle(kept);
    expect(await waiting).toBe(kept);
    expect(c.running('a')).toBeUndefined();
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the text of every inline script, not scripts loaded by src', () => {
    const html =
      '<html><head><script nonce="n">window.a = 1;</script><script type="module" src="/x.js"></script></head>' +
      '<body><script type="module" async="">import "/y.js";\n</script><script></script></body></html>';
    const sha = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.a = 1;'),
      sha('import "/y.js";\n'),
      sha(''),
    ]);
  });
});
