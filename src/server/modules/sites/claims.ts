import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { sites, type SiteRow } from '../../db/schema';
import { conflict, enqueueJob, nowDate, type DbOrTx, type ModuleDeps } from '../core';
import { graceEndsAt } from './domain';
import { queueDomainMail } from './domain-mail';
import { domainRecheckJob, ensureDailyRecheck } from './domain-recheck';

/**
 * The claim model of custom domains (docs/decisions/049): a claim is only a wish, any number of
 * sites may hold one on the same domain; proof decides. The first site to prove control gets the
 * domain and every other claim on it is dropped (its owner told). A verified domain is one site's
 * alone (the partial unique index on lower(domain_name) where verified). A verified site whose
 * proof disappears keeps the domain through a grace period, then loses it.
 */

/** What a check of the proof found (verify-domain.ts asks the network). */
export type ProofOutcome =
  | { kind: 'verified' }
  | { kind: 'missing'; message: string }
  | { kind: 'unreachable'; message: string };

/**
 * Serialises everything that decides who holds `domain` (claims, verifications, losses) across
 * transactions and instances. Taken before any site row is locked, in every path, so two
 * verifications of one domain wait for each other instead of deadlocking on each other's rows.
 */
export async function lockDomain(db: DbOrTx, domain: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-domain:${domain.toLowerCase()}`}))`);
}

const sameDomain = (domain: string) => sql`lower(${sites.domainName}) = ${domain.toLowerCase()}`;

/** The site, other than `siteId`, that holds `domain` verified, if any. */
export async function verifiedHolder(db: DbOrTx, domain: string, siteId: string) {
  const [row] = await db
    .select({ id: sites.id, userId: sites.userId })
    .from(sites)
    .where(and(sameDomain(domain), isNotNull(sites.domainVerifiedAt), ne(sites.id, siteId)))
    .limit(1);
  return row;
}

const takenMessage = (domain: string) =>
  `${domain} is already verified by another seller's site. If the domain is yours, take their ` +
  'proof out of its DNS: their site keeps the domain for 72 hours after its proof is found gone, then loses it.';

/** 409 for a domain another site holds verified (the field is named, for the editor's form). */
export const domainVerifiedElsewhere = (domain: string) =>
  conflict(takenMessage(domain), 'DOMAIN_TAKEN', [
    { path: ['domainName'], message: takenMessage(domain) },
  ]);

/**
 * A seller claims a domain another site holds verified: the holder's proof is checked again soon
 * (at most once an hour per domain), so a domain its holder no longer controls moves on through
 * the grace period instead of staying theirs until they happen to check.
 */
export async function recheckHolderSoon(deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>, holderUserId: string, domain: string) {
  await enqueueJob(
    deps,
    domainRecheckJob,
    { userId: holderUserId, domain },
    { dedupeKey: `${domainRecheckJob.name}:claimed:${domain}`, quietPeriodMs: 3600_000 },
  );
}

/** The columns of a site that no longer holds any domain: nothing left to prove. */
const noDomain = {
  domainName: null,
  domainToken: null,
  domainVerifiedAt: null,
  domainCheckedAt: null,
  domainLastError: null,
  domainProofMissingSince: null,
} satisfies Partial<SiteRow>;

/**
 * `winner` has just proved `domain`: every other (pending) claim on it is dropped, each owner
 * gets a note in their editor and a mail. Runs in the verifying transaction, under lockDomain.
 */
async function dropOtherClaims(deps: ModuleDeps, winner: SiteRow, domain: string, now: Date) {
  const dropped = await deps.db
    .update(sites)
    .set({
      ...noDomain,
      domainLostName: domain,
      domainLostReason: 'claimed_by_another',
      domainLostAt: now,
      updatedAt: now,
    })
    .where(and(sameDomain(domain), isNull(sites.domainVerifiedAt), ne(sites.id, winner.id)))
    .returning({ userId: sites.userId });
  for (const { userId } of dropped) await queueDomainMail(deps, 'claim_dropped', userId, domain, now);
}

export interface CheckResult {
  /** Whether the domain went live or stopped being served (public copies are out of date). */
  statusChanged: boolean;
  /** The proof was found but another site holds the domain verified. */
  taken: boolean;
  /** The domain is this site's verified one after the check (in its grace period or not). */
  verified: boolean;
}

/**
 * Records what a check of `current`'s domain found, under lockDomain and the site's row lock:
 * - proof found: the domain is (or stays) verified, a missing-proof mark is cleared, and on first
 *   verification every other claim is dropped;
 * - proof missing on a pending domain: it stays pending with the reason;
 * - proof missing on a verified domain: the grace period starts (mail, and a re-check queued for
 *   its end); once it is over, the domain is lost (back to pending, owner told);
 * - no answer: the status stays, the reason is recorded.
 */
export async function recordCheck(
  deps: ModuleDeps,
  current: SiteRow,
  outcome: ProofOutcome,
): Promise<CheckResult> {
  const domain = current.domainName!;
  const now = nowDate(deps);
  const verified = current.domainVerifiedAt !== null;
  const base = { domainCheckedAt: now, domainLastError: outcome.kind === 'verified' ? null : outcome.message };
  let columns: Partial<SiteRow> = base;
  let statusChanged = false;

  if (outcome.kind === 'verified') {
    if (!verified && (await verifiedHolder(deps.db, domain, current.id))) {
      await deps.db.update(sites).set(base).where(eq(sites.id, current.id));
      return { statusChanged: false, taken: true, verified: false };
    }
    columns = {
      ...base,
      domainVerifiedAt: current.domainVerifiedAt ?? now,
      domainProofMissingSince: null,
      ...(!verified && { domainLostName: null, domainLostReason: null, domainLostAt: null }),
    };
    statusChanged = !verified;
    if (!verified) {
      await dropOtherClaims(deps, current, domain, now);
      await ensureDailyRecheck(deps, { id: current.id, userId: current.userId, domainName: domain });
    }
  } else if (outcome.kind === 'missing' && verified) {
    const since = current.domainProofMissingSince;
    if (!since) {
      columns = { ...base, domainProofMissingSince: now };
      await enqueueJob(deps, domainRecheckJob, { userId: current.userId, domain }, { runAt: graceEndsAt(now) });
      await queueDomainMail(deps, 'proof_missing', current.userId, domain, now);
    } else if (now >= graceEndsAt(since)) {
      columns = {
        ...base,
        domainVerifiedAt: null,
        domainProofMissingSince: null,
        domainLostName: domain,
        domainLostReason: 'proof_missing',
        domainLostAt: now,
      };
      statusChanged = true;
      await queueDomainMail(deps, 'domain_lost', current.userId, domain, now);
    }
  }
  await deps.db
    .update(sites)
    // The public site shows the domain only once verified: its copies are out of date.
    .set({ ...columns, ...(statusChanged && { updatedAt: now }) })
    .where(eq(sites.id, current.id));
  // A status change flips it: verified just now, or lost just now.
  return { statusChanged, taken: false, verified: statusChanged ? !verified : verified };
}
