/** What the rendered-page cache keeps of a page, and its limits (render-cache.ts). */
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
  /** Past it a page is out of date: served while one render replaces it (heals a lost change). */
  ttlMs: number;
  /** How long past its TTL a page is still served while it is re-rendered; older, visits wait. */
  staleWhileRevalidateMs: number;
  /** The least time between two background renders of one page (soft changes, failed renders). */
  refreshFloorMs: number;
}

export const RENDER_CACHE_LIMITS: RenderCacheLimits = {
  maxEntries: 5_000,
  maxBytes: 100 * 1024 * 1024,
  maxPerOwner: 300,
  ttlMs: 5 * 60_000,
  staleWhileRevalidateMs: 30 * 60_000,
  refreshFloorMs: 5_000,
};

/** A page read from the cache, and whether it is out of date (a soft change, or past its TTL). */
export interface CacheRead {
  page: CachedPage;
  outdated: boolean;
}
