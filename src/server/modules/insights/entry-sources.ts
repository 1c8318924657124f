import { DIRECT_SOURCE } from '../../../shared/visit-source';

/** Visitors' entry sources this instance remembers (a day's hash each: ~100 bytes). */
const ENTRIES_KEPT = 20_000;

/**
 * The source a visitor entered the seller's pages with today, by the day's visitor hash: a page
 * reached from inside the shop carries nothing of it (no campaign in the referrer, no in-app
 * browser) and would be `direct`. Per instance, newest kept: a move served by another instance
 * stays `direct` (docs/decisions/071).
 */
export function entrySources() {
  const entered = new Map<string, string>();
  return {
    sourceOf(visitor: string | null, source: string, inside: boolean): string {
      if (!visitor) return source;
      if (inside && source === DIRECT_SOURCE) return entered.get(visitor) ?? source;
      entered.delete(visitor);
      entered.set(visitor, source);
      if (entered.size > ENTRIES_KEPT) entered.delete(entered.keys().next().value!);
      return source;
    },
  };
}
export type EntrySources = ReturnType<typeof entrySources>;
