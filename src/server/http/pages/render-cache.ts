import { isSoftChange, type ContentChange } from '../../modules/core';
import type { CachedPage, CacheRead, RenderCacheLimits } from './cached-page';
import { ChangeTicks } from './change-ticks';

export {
  RENDER_CACHE_LIMITS,
  type CachedPage,
  type CacheRead,
  type RenderCacheLimits,
} from './cached-page';

/** Usernames remembered with their owner's id (the tag of a stored page). */
const MAX_OWNER_NAMES = 10_000;

interface Entry {
  page: CachedPage;
  ownerId: string;
  expires: number;
  size: number;
  /** A soft change of its seller came after its render started. */
  outdated: boolean;
  /** No background render of it starts before then (the floor). */
  refreshAfter: number;
}

const sizeOf = (key: string, page: CachedPage) =>
  key.length + page.html.length + page.br.length + page.gzip.length + 512;

/**
 * The rendered-page cache (docs/decisions/017): the HTML of anonymous visits to sellers' pages,
 * kept in this process, tagged with the seller whose page it is and dropped when the change bus
 * (core/changes.ts — here and, with Redis, from every instance) says that seller's site, profile
 * or posts changed. A TTL heals an invalidation that was lost. Bounded in entries and bytes (the
 * least recently used leave first) and per seller (one seller's endless query strings or tag
 * pages push out only that seller's older pages).
 *
 * Writes never make visitors wait (docs/decisions/044): a soft change (counts and state: likes,
 * follows, sales, stock) and the TTL only mark a page out of date — it is still served while one
 * background render replaces it, at most once per `refreshFloorMs` per page; a hard change (what
 * a seller edits, what moderation hides) drops the pages at once.
 *
 * A page is stored byte for byte as rendered, with its brotli and gzip forms computed once and a
 * CSP that allows its inline scripts by hash: a hit costs no rendering, no compression and no copy.
 */
export class RenderCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  readonly #entries = new Map<string, Entry>();
  readonly #keysOf = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Promise<CachedPage | null>>();
  readonly #ownerIds = new Map<string, string>();
  /** Every change moves the clock on; a render remembers the tick it started at. */
  #tick = 0;
  readonly #hard = new ChangeTicks();
  readonly #soft = new ChangeTicks();
  #bytes = 0;
  /** Work done behind visitors (best compression), for `settled`. */
  readonly #background = new Set<Promise<unknown>>();

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

  /** A fresh page (neither past its TTL nor outdated by a soft change), or undefined. */
  get(key: string): CachedPage | undefined {
    const read = this.read(key);
    return read && !read.outdated ? read.page : undefined;
  }

  /**
   * The page to serve for `key`, fresh or out of date, or undefined when there is none or it is
   * too far past its TTL to serve without waiting for a render (a page nobody visited for half an
   * hour: the next visitor gets a fresh one). An out-of-date page is served as is while
   * `refresh` renders its replacement.
   */
  read(key: string): CacheRead | undefined {
    const entry = this.#entries.get(key);
    const now = this.now();
    if (!entry || entry.expires + this.limits.staleWhileRevalidateMs <= now) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { page: entry.page, outdated: entry.outdated || entry.expires <= now };
  }

  /**
   * Claims the one background render of an out-of-date `key` when it is due — none running, and
   * the floor since its render (or since the last attempt, which may have failed) passed — and
   * returns `begin(key)`'s settle function; else undefined (the page is served as it is).
   * `skipFloor`: due whenever none is running (a member's visit, see cached-pages.ts).
   */
  refresh(key: string, skipFloor = false): ((page: CachedPage | null) => void) | undefined {
    const entry = this.#entries.get(key);
    const now = this.now();
    if (!entry || this.#pending.has(key) || (!skipFloor && now < entry.refreshAfter))
      return undefined;
    if (!entry.outdated && entry.expires > now) return undefined;
    entry.refreshAfter = now + this.limits.refreshFloorMs;
    return this.begin(key);
  }

  /**
   * The page kept under `key`, even past its TTL: what a visitor gets rather than the 503 page
   * while the database is away (docs/decisions/038). Pages dropped by a hard change never are.
   */
  stale(key: string): CachedPage | undefined {
    return this.#entries.get(key)?.page;
  }

  /**
   * Forgets the page kept under `key`: its address now answers with something else than a page
   * (a post renamed or deleted: a redirect or a 404), which no visitor may get an old copy of.
   */
  drop(key: string): void {
    this.#forget(key, this.#entries.get(key));
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
   * Keeps `page` under `key` for `ownerId`, unless that seller (or everyone) changed hard after the
   * render started at `startedAt` (the page may show what is no longer shown). After a soft change
   * it is kept, out of date (it may show old counts). Returns whether it was kept.
   */
  store(key: string, ownerId: string, page: CachedPage, startedAt: number): boolean {
    if (this.#hard.since(ownerId, startedAt)) return false;
    const size = sizeOf(key, page);
    if (size > this.limits.maxBytes) return false;
    const old = this.#entries.get(key);
    if (old) this.#forget(key, old);
    const now = this.now();
    this.#entries.set(key, {
      page,
      ownerId,
      expires: now + this.limits.ttlMs,
      size,
      outdated: this.#soft.since(ownerId, startedAt),
      refreshAfter: now + this.limits.refreshFloorMs,
    });
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

  /**
   * Swaps in smaller compressed forms of `page` (the best level, computed after it was stored) if
   * it is still the page kept under `key`. Returns whether anything was swapped.
   */
  recompressed(key: string, page: CachedPage, better: Pick<CachedPage, 'br' | 'gzip'>): boolean {
    const entry = this.#entries.get(key);
    if (!entry || entry.page !== page) return false;
    const br = better.br.length < page.br.length ? better.br : page.br;
    const gzip = better.gzip.length < page.gzip.length ? better.gzip : page.gzip;
    if (br === page.br && gzip === page.gzip) return false;
    entry.page = { ...page, br, gzip };
    const size = sizeOf(key, entry.page);
    this.#bytes += size - entry.size;
    entry.size = size;
    return true;
  }

  /** Runs `work` behind the visitors: `settled` waits for it. */
  behind(work: Promise<unknown>): void {
    const tracked: Promise<unknown> = work.then(
      () => this.#background.delete(tracked),
      () => this.#background.delete(tracked),
    );
    this.#background.add(tracked);
  }

  /** Resolves once no render and no background work is running (tests, graceful tools). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0 || this.#background.size > 0) {
      await Promise.allSettled([...this.#pending.values(), ...this.#background]);
    }
  }

  /**
   * A change announced on the bus. Hard: the pages of the sellers it names go (all of them for
   * null). Soft (counts and state only): they stay, out of date, served while re-rendered.
   */
  changed(change: ContentChange): void {
    this.#tick += 1;
    if (isSoftChange(change)) {
      this.#soft.mark(change.userIds, this.#tick);
      for (const ownerId of change.userIds ?? []) {
        for (const key of this.#keysOf.get(ownerId) ?? []) {
          const entry = this.#entries.get(key);
          if (entry) entry.outdated = true;
        }
      }
      return;
    }
    this.#hard.mark(change.kind === 'all' ? null : change.userIds, this.#tick);
    if (change.kind === 'all' || change.userIds === null) {
      this.#entries.clear();
      this.#keysOf.clear();
      this.#ownerIds.clear();
      this.#bytes = 0;
      return;
    }
    for (const ownerId of change.userIds) {
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
