import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { ContentChange } from '../../modules/core';

/**
 * The rendered-page cache (docs/decisions/017): the HTML of anonymous visits to sellers' pages,
 * kept in this process, tagged with the seller whose page it is and dropped when the change bus
 * (core/changes.ts — here and, with Redis, from every instance) says that seller's site, profile
 * or posts changed. A TTL heals an invalidation that was lost. Bounded in entries and bytes (the
 * least recently used leave first) and per seller (one seller's endless query strings or tag
 * pages push out only that seller's older pages).
 *
 * A page is stored byte for byte as rendered, with its brotli and gzip forms computed once and a
 * CSP that allows its inline scripts by hash: a hit costs no rendering, no compression and no copy.
 */
export interface CachedPage {
  /** Headers of the rendered answer to repeat (content type…): no cookies, lengths or encodings. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** SHA-256 (base64) of each inline script of the page. */
  scriptHashes: readonly string[];
  /** The page's CSP: its own inline scripts allowed by hash (no nonce: the bytes never change). */
  csp: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface RenderCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** Pages one seller may hold (every host, path and query together). */
  maxPerOwner: number;
  ttlMs: number;
}

export const RENDER_CACHE_LIMITS: RenderCacheLimits = {
  maxEntries: 5_000,
  maxBytes: 100 * 1024 * 1024,
  maxPerOwner: 300,
  ttlMs: 5 * 60_000,
};

/** Usernames remembered with their owner's id (the tag of a stored page). */
const MAX_OWNER_NAMES = 10_000;
/** Sellers whose last change is remembered for renders still running (see `store`). */
const MAX_CHANGED_OWNERS = 10_000;

interface Entry {
  page: CachedPage;
  ownerId: string;
  expires: number;
  size: number;
}

export class RenderCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  readonly #entries = new Map<string, Entry>();
  readonly #keysOf = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Promise<CachedPage | null>>();
  readonly #ownerIds = new Map<string, string>();
  /** Every change moves the clock on; a render remembers the tick it started at. */
  #tick = 0;
  #everyoneChangedAt = 0;
  readonly #ownerChangedAt = new Map<string, number>();
  #bytes = 0;

  constructor(
    readonly limits: RenderCacheLimits,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The tick a render starts at: its page is stored only if its seller has not changed since. */
  get tick(): number {
    return this.#tick;
  }

  /** A fresh page, or undefined (an expired one is dropped). */
  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    // An expired page stays (until a change or the limits push it out) for `stale`, but is not
    // served as fresh: the render that replaces it heals an invalidation that was lost.
    if (!entry || entry.expires <= this.now()) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.page;
  }

  /**
   * The page kept under `key`, even past its TTL: what a visitor gets rather than the 503 page
   * while the database is away (docs/decisions/038). Pages dropped by a change are never here.
   */
  stale(key: string): CachedPage | undefined {
    return this.#entries.get(key)?.page;
  }

  /** The render of `key` already running (single flight): its page, or null if it is not kept. */
  running(key: string): Promise<CachedPage | null> | undefined {
    return this.#pending.get(key);
  }

  /**
   * Marks `key` as being rendered: visits of it meanwhile wait for `running(key)` instead of
   * rendering it again. The returned function must be called once the render is over, with the
   * page if it was stored, else null (those visitors then render for themselves).
   */
  begin(key: string): (page: CachedPage | null) => void {
    let settle!: (page: CachedPage | null) => void;
    const promise = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    this.#pending.set(key, promise);
    return (page) => {
      if (this.#pending.get(key) === promise) this.#pending.delete(key);
      settle(page);
    };
  }

  /**
   * Keeps `page` under `key` for `ownerId`, unless that seller (or everyone) changed after the
   * render started at `startedAt` (the page may show the old state). Returns whether it was kept.
   */
  store(key: string, ownerId: string, page: CachedPage, startedAt: number): boolean {
    if (
      this.#everyoneChangedAt > startedAt ||
      (this.#ownerChangedAt.get(ownerId) ?? 0) > startedAt
    ) {
      return false;
    }
    const size = key.length + page.html.length + page.br.length + page.gzip.length + 512;
    if (size > this.limits.maxBytes) return false;
    const old = this.#entries.get(key);
    if (old) this.#forget(key, old);
    this.#entries.set(key, { page, ownerId, expires: this.now() + this.limits.ttlMs, size });
    this.#bytes += size;
    let keys = this.#keysOf.get(ownerId);
    if (!keys) this.#keysOf.set(ownerId, (keys = new Set()));
    keys.add(key);
    // The seller's own oldest pages first, then anyone's least recently used.
    for (const oldest of keys) {
      if (keys.size <= this.limits.maxPerOwner) break;
      this.#forget(oldest, this.#entries.get(oldest));
    }
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes)
        break;
      this.#forget(oldest, entry);
    }
    return true;
  }

  /** A change announced on the bus: the pages of the sellers it names go (all of them for null). */
  changed(change: ContentChange): void {
    this.#tick += 1;
    if (change.kind === 'all' || change.userIds === null) {
      this.#everyoneChangedAt = this.#tick;
      this.#ownerChangedAt.clear();
      this.#entries.clear();
      this.#keysOf.clear();
      this.#ownerIds.clear();
      this.#bytes = 0;
      return;
    }
    if (this.#ownerChangedAt.size + change.userIds.length > MAX_CHANGED_OWNERS) {
      // Forgetting who changed when would let a render that started before their change store
      // its page: count it as everyone's change for the renders running now instead.
      this.#ownerChangedAt.clear();
      this.#everyoneChangedAt = this.#tick;
    }
    for (const ownerId of change.userIds) {
      this.#ownerChangedAt.set(ownerId, this.#tick);
      for (const key of this.#keysOf.get(ownerId) ?? []) this.#forget(key, this.#entries.get(key));
      // A renamed account: its old username may now be someone else's.
      if (change.kind === 'user') {
        for (const [name, id] of this.#ownerIds) if (id === ownerId) this.#ownerIds.delete(name);
      }
    }
  }

  /** The owner id remembered for a (lower-case) username. */
  ownerIdOf(username: string): string | undefined {
    return this.#ownerIds.get(username);
  }

  rememberOwner(username: string, ownerId: string): void {
    this.#ownerIds.delete(username);
    this.#ownerIds.set(username, ownerId);
    if (this.#ownerIds.size > MAX_OWNER_NAMES)
      this.#ownerIds.delete(this.#ownerIds.keys().next().value!);
  }

  #forget(key: string, entry: Entry | undefined) {
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
    const keys = this.#keysOf.get(entry.ownerId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(entry.ownerId);
  }
}

// `<script …>…</script>` as React writes it: attribute values never hold a raw `>` (escaped as
// `&gt;`), and inside a script's text `</script` is always escaped (`<\/script`).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 (base64) of the text of every inline script of `html` (scripts with `src` excluded). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return [...hashes];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A rendered page as the cache keeps it: its inline scripts hashed, and compressed once at the
 * strongest settings (off the event loop, in the thread pool), since every later visitor gets
 * those same bytes.
 */
export async function preparePage(
  html: Buffer,
  headers: ReadonlyArray<readonly [string, string]>,
  policy: (scriptHashes: readonly string[]) => string,
): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipAsync(html, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  const scriptHashes = inlineScriptHashes(html.toString('utf8'));
  return { headers, scriptHashes, csp: policy(scriptHashes), html, br, gzip: gz };
}
