import { cameFromInside, visitSource } from '../../../shared/visit-source';
import type { ModuleDeps } from '../core';
import { dayNumber, utcDay } from './days';
import type { SeenVisit } from './recorder';
import { saltOf, visitorHash } from './visitor-hash';

/**
 * What the views of one flush share, worked out once each (docs/decisions/071): a flush is a
 * second of one instance's page views, often the same visitors on several pages. Per view these
 * were an await of the day's salt, a keyed hash and the parsing of the visit's source; now each
 * is done once per day, visitor or source of the batch. (The per-view cost stop 44 measured was on
 * the request path, not here: bench/RESULTS.md "Stop 45".)
 * - `visitorOf`: the day's visitor hash of a visit to a seller (null once the day's salt is gone);
 * - `sourceOf`: where the visit came from, and whether from inside the shop (visit-source.ts).
 */
export function batchFacts(deps: ModuleDeps) {
  const salts = new Map<number, Promise<string | null>>();
  const hashes = new Map<string, string>();
  const sources = new Map<string, { source: string; inside: boolean }>();
  return {
    async visitorOf(sellerId: string, visit: SeenVisit): Promise<string | null> {
      const day = dayNumber(visit.at);
      let pending = salts.get(day);
      if (!pending) salts.set(day, (pending = saltOf(deps, utcDay(visit.at))));
      const salt = await pending;
      if (!salt) return null;
      const who = `${day}\n${sellerId}\n${visit.address}\n${visit.userAgent}`;
      let hash = hashes.get(who);
      if (!hash) hashes.set(who, (hash = visitorHash(salt, { sellerId, ...visit })));
      return hash;
    },
    sourceOf(visit: SeenVisit): { source: string; inside: boolean } {
      const from = `${visit.search}\n${visit.host}\n${visit.referrer}\n${visit.userAgent}`;
      let seen = sources.get(from);
      if (!seen) {
        const facts = { ...visit, ownHosts: [visit.host.toLowerCase()] };
        sources.set(from, (seen = { source: visitSource(facts), inside: cameFromInside(facts) }));
      }
      return seen;
    },
  };
}
