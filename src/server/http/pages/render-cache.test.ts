import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './page-compression';
import { RenderCache, type CachedPage } from './render-cache';

const page = (bytes = 100): CachedPage => ({
  headers: [['content-type', 'text/html; charset=utf-8']],
  scriptHashes: [],
  csp: "script-src 'self'",
  html: Buffer.alloc(bytes),
  br: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
});

const limits = {
  maxEntries: 3,
  maxBytes: 10_000,
  maxPerOwner: 2,
  ttlMs: 1_000,
  staleWhileRevalidateMs: 500,
  refreshFloorMs: 100,
};

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
    // Served out of date while re-rendered, up to staleWhileRevalidateMs past the TTL…
    expect(c.read('a')).toEqual({ page: kept, outdated: true });
    advance(500);
    expect(c.read('a')).toBeUndefined();
    // …and kept for the database's absence until a hard change.
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

describe('RenderCache: soft changes, stale-while-revalidate, the floor', () => {
  const soft = (...userIds: string[]) => ({ kind: 'user' as const, userIds, soft: true as const });

  it('keeps the pages of a soft change, out of date, and drops them on a hard one', () => {
    const { c } = cache({ maxPerOwner: 10, maxEntries: 10 });
    const kept = page();
    c.store('a1', 'a', kept, c.tick);
    c.store('b1', 'b', page(), c.tick);
    c.changed(soft('a'));
    expect(c.read('a1')).toEqual({ page: kept, outdated: true });
    expect(c.get('a1')).toBeUndefined();
    expect(c.read('b1')?.outdated).toBe(false);
    c.changed({ kind: 'user', userIds: ['a'] });
    expect(c.read('a1')).toBeUndefined();
  });

  it('counts as hard a change that does not say soft, names nobody, or is for everyone', () => {
    const { c } = cache({ maxPerOwner: 10, maxEntries: 10 });
    const changes = [
      { kind: 'user', userIds: ['a'], soft: 'yes' },
      { kind: 'catalog', userIds: null, soft: true },
      { kind: 'all', userIds: ['a'], soft: true },
      { kind: 'something-new', userIds: ['a'], soft: true },
    ];
    for (const change of changes) {
      c.store('a1', 'a', page(), c.tick);
      c.changed(change as never);
      expect(c.read('a1'), JSON.stringify(change)).toBeUndefined();
    }
  });

  it('refreshes an out-of-date page once at a time, and not twice within the floor', () => {
    const { c, advance } = cache();
    c.store('a', 'a', page(), c.tick);
    c.changed(soft('a'));
    // Rendered less than the floor ago: served as it is, no render yet.
    expect(c.refresh('a')).toBeUndefined();
    advance(100);
    const settle = c.refresh('a');
    expect(settle).toBeDefined();
    // Single flight: the other visits meanwhile start nothing.
    for (let i = 0; i < 5; i++) expect(c.refresh('a')).toBeUndefined();
    const startedAt = c.tick;
    const fresh = page();
    expect(c.store('a', 'a', fresh, startedAt)).toBe(true);
    settle!(fresh);
    expect(c.read('a')).toEqual({ page: fresh, outdated: false });
    // A like every few milliseconds: at most one render per floor.
    c.changed(soft('a'));
    advance(99);
    expect(c.refresh('a')).toBeUndefined();
    advance(1);
    expect(c.refresh('a')).toBeDefined();
  });

  it('waits for the floor again after a refresh that kept nothing (the database away)', () => {
    const { c, advance } = cache();
    c.store('a', 'a', page(), c.tick);
    advance(1_001);
    const settle = c.refresh('a');
    expect(settle).toBeDefined();
    settle!(null);
    expect(c.read('a')?.outdated).toBe(true);
    expect(c.refresh('a')).toBeUndefined();
    advance(100);
    expect(c.refresh('a')).toBeDefined();
  });

  it('keeps a page rendered across a soft change of its seller, out of date', () => {
    const { c } = cache();
    const startedAt = c.tick;
    c.changed(soft('a'));
    expect(c.store('a', 'a', page(), startedAt)).toBe(true);
    expect(c.read('a')?.outdated).toBe(true);
    expect(c.store('b', 'b', page(), startedAt)).toBe(true);
    expect(c.read('b')?.outdated).toBe(false);
  });

  it('swaps in smaller compressed forms of the page still kept, and accounts for their bytes', () => {
    const { c } = cache();
    const fast = { ...page(), br: Buffer.alloc(300), gzip: Buffer.alloc(400) };
    c.store('a', 'a', fast, c.tick);
    const before = c.bytes;
    expect(c.recompressed('a', fast, { br: Buffer.alloc(200), gzip: Buffer.alloc(500) })).toBe(
      true,
    );
    const swapped = c.read('a')!.page;
    expect([swapped.br.length, swapped.gzip.length, swapped.html]).toEqual([200, 400, fast.html]);
    expect(c.bytes).toBe(before - 100);
    // A page replaced meanwhile keeps its own forms.
    expect(c.recompressed('a', fast, { br: Buffer.alloc(1), gzip: Buffer.alloc(1) })).toBe(false);
  });

  it('settles once every render and background work is over', async () => {
    const { c } = cache();
    const settle = c.begin('a');
    let release!: () => void;
    c.behind(new Promise<void>((resolve) => (release = resolve)));
    let settled = false;
    const done = c.settled().then(() => (settled = true));
    settle(null);
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await done;
    expect(settled).toBe(true);
  });
});
