import { dayNumber } from './days';
import type { SeenVisit } from './recorder';

/** A page view waiting for the flush, with how many identical ones came right after it. */
export type QueuedVisit = SeenVisit & { times: number };

/** Who sent a view (the flush's visitor is a hash of these and the seller). */
const clientOf = (v: SeenVisit) => `${v.address}\n${v.userAgent}`;
/** The same view again: the same page and query, from the same place, in the same session. */
const sameView = (a: SeenVisit, b: SeenVisit) =>
  a.path === b.path &&
  a.search === b.search &&
  a.host === b.host &&
  a.referrer === b.referrer &&
  a.accessToken === b.accessToken &&
  a.refreshToken === b.refreshToken &&
  dayNumber(a.at) === dayNumber(b.at);

/**
 * The page views of one instance until the flush (docs/decisions/071), in order. A view that is
 * the same as the client's previous one still waiting — a visitor reloading a page, a client
 * hammering it — only counts one more on it: the flush resolves, hashes and groups it once,
 * however many times it came, and a flood from one client costs the queue no memory. (Identical
 * events of a flush were one row already; this makes them one unit of work too.) Only the
 * client's latest view is matched, so a visitor's way through the shop keeps its order (the
 * source they entered with carries over to the pages they move to: recorder.ts).
 */
export function viewQueue() {
  let waiting: QueuedVisit[] = [];
  const latest = new Map<string, QueuedVisit>();
  return {
    get size() {
      return waiting.length;
    },
    /** Counts the view: one more on the client's previous one if it is the same, else a new entry if `room()`. */
    add(visit: SeenVisit, room: () => boolean): void {
      const client = clientOf(visit);
      const previous = latest.get(client);
      if (previous && sameView(previous, visit)) {
        previous.times++;
        return;
      }
      if (!room()) return;
      // The queue takes the view over (its callers hand it on): one field more rather than a
      // copy, on every page view.
      const entry = visit as QueuedVisit;
      entry.times = 1;
      waiting.push(entry);
      latest.set(client, entry);
    },
    /** Takes out the `n` oldest entries (no later view counts on them any more). */
    take(n: number): QueuedVisit[] {
      const out = waiting.splice(0, n);
      for (const entry of out) {
        const client = clientOf(entry);
        if (latest.get(client) === entry) latest.delete(client);
      }
      return out;
    },
    /** Puts taken entries back in front (their write failed); at most `max` kept. */
    putBack(visits: readonly QueuedVisit[], max: number): void {
      const all = [...visits, ...waiting];
      waiting = all.slice(0, max);
      for (const cut of all.slice(max)) {
        const client = clientOf(cut);
        if (latest.get(client) === cut) latest.delete(client);
      }
    },
  };
}
