import { MIN_FETCH_DELAY_MS } from '../../shared/constants';

/**
 * Settles like `promise`, but never sooner than `ms` after the call (SPEC §9 minimum fetch delay),
 * so a loading state that appears is shown long enough to be read instead of flickering.
 * Rejections are delayed the same way.
 */
export async function withMinimumDelay<T>(
  promise: Promise<T> | T,
  ms: number = MIN_FETCH_DELAY_MS,
): Promise<T> {
  const wait = new Promise<void>((resolve) => setTimeout(resolve, ms));
  const [result] = await Promise.allSettled([Promise.resolve(promise), wait]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** How much longer something shown at `shownAt` must stay visible to have been up `minMs`. */
export function remainingDisplayMs(
  shownAt: number,
  now: number,
  minMs: number = MIN_FETCH_DELAY_MS,
): number {
  return Math.max(0, Math.min(minMs, shownAt + minMs - now));
}
