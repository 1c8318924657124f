import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sites } from '../../db/schema';
import { announceChange, defineJob, type ModuleDeps } from '../core';
import { graceEndsAt } from './domain';
import { checkSiteDomainNow } from './verify-domain';

const recheckPayload = z.object({ userId: z.string(), domain: z.string() });

/**
 * Checks a verified domain's proof again without its owner asking (docs/decisions/049): queued
 * for the end of a grace period (a proof still missing then loses the domain), and when another
 * seller claims a domain this site holds. A check that could not look at the end of the grace
 * fails the run so the queue tries again later: the domain is not lost for a DNS outage.
 */
export const domainRecheckJob = defineJob('sites.domain-recheck', recheckPayload, recheckDomain);

async function recheckDomain(deps: ModuleDeps, { userId, domain }: z.output<typeof recheckPayload>) {
  const [row] = await deps.db.select().from(sites).where(eq(sites.userId, userId)).limit(1);
  // Changed or removed since, or no longer verified: nothing of this job's is left to check.
  if (!row || row.domainName !== domain || !row.domainToken || !row.domainVerifiedAt) return;
  const { outcome, result } = await checkSiteDomainNow(deps, userId, domain, row.domainToken);
  if (result?.statusChanged) announceChange(deps, { kind: 'site', userIds: [userId] });
  const graceOver =
    row.domainProofMissingSince !== null && deps.now() >= graceEndsAt(row.domainProofMissingSince).getTime();
  if (outcome.kind === 'unreachable' && graceOver) throw new Error(outcome.message);
}
