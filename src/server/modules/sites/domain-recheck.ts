import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, sites } from '../../db/schema';
import { announceChange, defineJob, enqueueJob, type ModuleDeps } from '../core';
import { graceEndsAt } from './domain';
import { checkSiteDomainNow } from './verify-domain';

/** How often a verified domain's proof is looked at again without anyone asking. */
export const DOMAIN_RECHECK_EVERY_MS = 24 * 3600_000;

const recheckPayload = z.object({
  userId: z.string(),
  domain: z.string(),
  /**
   * Set on the daily check (absent on the grace-end and rival-claim ones). Two rounds take turns,
   * each with its own dedupe key: a running job still holds its key, so the check that queues the
   * next one must queue it under the other key.
   */
  round: z.union([z.literal(0), z.literal(1)]).optional(),
});

/**
 * Checks a verified domain's proof again without its owner asking (docs/decisions/049):
 * every day, at the end of a grace period (a proof still missing then loses the domain), and when
 * another seller claims a domain this site holds. A check that could not look at the end of the
 * grace fails the run so the queue tries again later: the domain is not lost for a DNS outage.
 */
export const domainRecheckJob = defineJob('sites.domain-recheck', recheckPayload, recheckDomain);

type Round = 0 | 1;

/** Dedupe keys of daily checks: `{prefix}{siteId}:{domain}:{round}` (the sweep builds them in SQL). */
export const DAILY_RECHECK_KEY_PREFIX = `${domainRecheckJob.name}:daily:`;

const dailyRecheckKey = (siteId: string, domain: string, round: Round) =>
  `${DAILY_RECHECK_KEY_PREFIX}${siteId}:${domain}:${round}`;

export interface VerifiedSite {
  id: string;
  userId: string;
  domainName: string;
}

/**
 * Queues `round` of the daily check, `inMs` from now (a day unless told; a no-op while that round
 * is pending).
 */
function queueDailyRecheck(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>,
  site: VerifiedSite,
  round: Round,
  inMs = DOMAIN_RECHECK_EVERY_MS,
) {
  return enqueueJob(
    deps,
    domainRecheckJob,
    { userId: site.userId, domain: site.domainName, round },
    {
      runAt: new Date(deps.now() + inMs),
      dedupeKey: dailyRecheckKey(site.id, site.domainName, round),
    },
  );
}

/**
 * A domain just became verified: its daily check starts, unless one of either round is already
 * pending (a domain lost and proved again before its old check ran keeps that one), so there is
 * only ever one.
 */
export async function ensureDailyRecheck(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>,
  site: VerifiedSite,
) {
  const keys = ([0, 1] as const).map((round) => dailyRecheckKey(site.id, site.domainName, round));
  const [pending] = await deps.db
    .select({ id: jobs.id })
    .from(jobs)
    // Status as literals: the planner then matches the partial unique index on dedupe_key.
    .where(and(inArray(jobs.dedupeKey, keys), sql`${jobs.status} in ('queued', 'running')`))
    .limit(1);
  if (!pending) await startDailyRecheck(deps, site);
}

/** Round 0 of a daily check that none is pending for (a day after the domain was verified). */
function startDailyRecheck(deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>, site: VerifiedSite) {
  return queueDailyRecheck(deps, site, 0);
}

/**
 * Where in the coming day a site's first check lands when the sweep starts its chain: spread by
 * the site's id, so domains the sweep finds together (all those verified before daily checks
 * existed, say) are not asked about at the same minute every day ever after.
 */
export function sweptCheckDelayMs(siteId: string): number {
  const spread = createHash('sha256').update(siteId).digest().readUInt32BE(0) / 2 ** 32;
  return Math.max(60_000, Math.floor(spread * DOMAIN_RECHECK_EVERY_MS));
}

/** The sweep's start of a daily check that none is pending for (it read that in the same query). */
export function startSweptRecheck(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>,
  site: VerifiedSite,
) {
  return queueDailyRecheck(deps, site, 0, sweptCheckDelayMs(site.id));
}

async function recheckDomain(
  deps: ModuleDeps,
  { userId, domain, round }: z.output<typeof recheckPayload>,
) {
  const [row] = await deps.db.select().from(sites).where(eq(sites.userId, userId)).limit(1);
  // Changed or removed since, or no longer verified: nothing of this job's is left to check (nor
  // to check daily: a domain verified again starts its own daily check).
  if (!row || row.domainName !== domain || !row.domainToken || !row.domainVerifiedAt) return;
  const { outcome, result } = await checkSiteDomainNow(deps, userId, domain, row.domainToken);
  if (result?.statusChanged) announceChange(deps, { kind: 'site', userIds: [userId] });
  // Still this site's verified domain (kept, in its grace, or unreachable): tomorrow's check is
  // queued before anything can fail this run, so a retried or failed run never ends the chain.
  if (round !== undefined && result?.verified) {
    await queueDailyRecheck(deps, { id: row.id, userId, domainName: domain }, round === 0 ? 1 : 0);
  }
  const graceOver =
    row.domainProofMissingSince !== null &&
    deps.now() >= graceEndsAt(row.domainProofMissingSince).getTime();
  if (outcome.kind === 'unreachable' && graceOver) throw new Error(outcome.message);
}
