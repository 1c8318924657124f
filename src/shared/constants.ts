// Business constants and limits from SPEC §9. Kept in one module so the client, the
// server and the tests agree on the same numbers.

/** Delay before the smooth scroll-to-top after a navigation. */
export const SCROLL_DELAY_MS = 100;
/** Minimum time a fetch's loading state is shown, so spinners do not flash. */
export const MIN_FETCH_DELAY_MS = 200;
/** Idle time before route prefetching starts (skipped on 2g / data-saver). */
export const IDLE_PREFETCH_MS = 2000;
/** After a chunk-load failure the page reloads at most once per this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** Delay before redirecting after a successful account activation. */
export const ACTIVATION_REDIRECT_MS = 3000;
/** Default length for `truncate`. */
export const TRUNCATE_DEFAULT = 90;
/** Chunk size used when decoding uploads. */
export const UPLOAD_CHUNK_SIZE = 512;
/** Width of the modal window. */
export const MODAL_WIDTH_PX = 500;
/** Responsive breakpoints (match the Tailwind theme). */
export const BREAKPOINTS = { md: '40rem', lg: '70rem' } as const;
/** Text of the cookie notice (SPEC §2). */
export const COOKIE_NOTICE_TEXT = 'This website needs cookies to function so please allow them :)';

/** Where plan-limit messages send a member to upgrade (docs/decisions/032). */
export const UPGRADE_PATH = '/plan-selection';
