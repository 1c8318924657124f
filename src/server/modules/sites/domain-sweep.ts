import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, sites } from '../../db/schema';
import { defineJob, enqueueJob, type ModuleDeps } from '../core';
import { DAILY_RECHECK_KEY_PREFIX, startSweptRecheck } from './domain-recheck';

/**
 * The safety net of the daily proof checks (docs/decisions/049): once a day, every verified domain
 * without a pending daily check gets one — the domains verified before daily checks existed, and
 * any whose chain broke (a run that failed for good). One sweep a day across every instance: its
 * dedupe key names the day it runs, and each sweep queues the next day's.
 */
export const domainSweepJob = defineJob('sites.domain-sweep', z.object({}), sweepVerifiedDomains);

const DAY_MS = 24 * 3600_000;
/** Sites read per query: memory stays flat however many domains there are. */
const PAGE = 500;

const sweepKey = (at: number) =>
  `${domainSweepJob.name}:${new Date(at).toISOString().slice(0, 10)}`;

/**
 * Queues today's sweep, unless any instance queued one for today in the last two days (the one
 * yesterday's sweep queued, done or not): called each time a worker starts, so a restart or a
 * second instance adds nothing, and a chain that broke starts again with the next deploy.
 */
export function scheduleDomainSweep(deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>) {
  const key = sweepKey(deps.now());
  return enqueueJob(deps, domainSweepJob, {}, { dedupeKey: key, quietPeriodMs: 2 * DAY_MS });
}

/** A site's daily-check key (domain-recheck.ts), built from each row by the database. */
const dailyKeySql = (round: 0 | 1) =>
  sql`concat(${DAILY_RECHECK_KEY_PREFIX}::text, ${sites.id}, ':', ${sites.domainName}, ${`:${round}`}::text)`;

/** One page of verified sites, after `afterId`, with no daily check pending (one query). */
function sitesWithoutDailyCheck(deps: Pick<ModuleDeps, 'db'>, afterId: string | null) {
  return deps.db
    .select({ id: sites.id, userId: sites.userId, domainName: sites.domainName })
    .from(sites)
    .where(
      and(
        isNotNull(sites.domainVerifiedAt),
        afterId ? gt(sites.id, afterId) : undefined,
        // Each key looked up in the partial unique index on dedupe_key (status as literals).
        sql`not exists (select 1 from ${jobs} where ${jobs.dedupeKey} in (${dailyKeySql(0)}, ${dailyKeySql(1)})
          and ${jobs.status} in ('queued', 'running'))`,
      ),
    )
    .orderBy(asc(sites.id))
    .limit(PAGE);
}

async function sweepVerifiedDomains(deps: ModuleDeps) {
  let afterId: string | null = null;
  for (;;) {
    const page = await sitesWithoutDailyCheck(deps, afterId);
    for (const site of page) {
      // A domain verified since the page was read queued this same round-0 key: a no-op then.
      if (site.domainName) await startSweptRecheck(deps, { ...site, domainName: site.domainName });
    }
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  const next = deps.now() + DAY_MS;
  await enqueueJob(deps, domainSweepJob, {}, { runAt: new Date(next), dedupeKey: sweepKey(next) });
}
