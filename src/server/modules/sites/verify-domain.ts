import { eq } from 'drizzle-orm';
import type { MySite } from '../../../shared/contracts/sites';
import {
  DOMAIN_HTTP_PATH,
  DOMAIN_TXT_PREFIX,
  DOMAIN_TXT_VALUE_PREFIX,
} from '../../../shared/contracts/site-rules';
import type { DomainProbe } from '../../adapters/domains/probe';
import { sites } from '../../db/schema';
import {
  announceChange,
  inTransaction,
  uniqueViolation,
  unavailable,
  validationError,
  type ModuleDeps,
} from '../core';
import {
  domainVerifiedElsewhere,
  lockDomain,
  recordCheck,
  type CheckResult,
  type ProofOutcome,
} from './claims';
import { newDomainToken } from './domain';
import { getMySite, siteNotFound } from './read';
import { CUSTOM_DOMAIN, lockSiteOf } from './update';
import { requirePlanAllows } from '../entitlements';

/** A check that hangs (a DNS server that never answers) fails instead of holding the request. */
export const DOMAIN_CHECK_TIMEOUT_MS = 8000;

/**
 * `missing`: the proof is not there, `message` says what was found and exactly what to publish;
 * `unreachable`: we could not look (DNS or HTTP failed), says so, and keeps the current status.
 */
type Outcome = ProofOutcome;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Foreign text (a DNS record) quoted in a sentence: one line, printable, short. */
const quoted = (text: string) => {
  const clean = text.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return `"${clean.length > 60 ? `${clean.slice(0, 60)}…` : clean}"`;
};

/**
 * Looks for the proof of control: the TXT record `{prefix}.{domain}` holding `{value prefix}{token}`
 * or the token served at `http://{domain}{path}`. Both are asked at once; either one is enough.
 */
export async function checkDomain(
  probe: DomainProbe,
  domain: string,
  token: string,
  timeoutMs = DOMAIN_CHECK_TIMEOUT_MS,
): Promise<Outcome> {
  const txtName = `${DOMAIN_TXT_PREFIX}.${domain}`;
  const txtValue = `${DOMAIN_TXT_VALUE_PREFIX}${token}`;
  const url = `http://${domain}${DOMAIN_HTTP_PATH}`;
  const [txt, http] = await Promise.allSettled([
    withTimeout(probe.txt(txtName), timeoutMs),
    withTimeout(probe.httpText(url), timeoutMs),
  ]);
  if (txt.status === 'fulfilled' && txt.value.some((v) => v.trim() === txtValue))
    return { kind: 'verified' };
  if (http.status === 'fulfilled' && http.value?.trim() === token) return { kind: 'verified' };

  const retry = 'Please try again in a few minutes.';
  if (txt.status === 'rejected')
    return {
      kind: 'unreachable',
      message: `We could not look up the DNS records of ${domain} just now. ${retry}`,
    };
  if (http.status === 'rejected')
    return { kind: 'unreachable', message: `We could not reach ${url} just now. ${retry}` };

  const found =
    txt.value.length === 0
      ? `No TXT record was found at ${txtName}`
      : `The TXT record at ${txtName} holds ${quoted(txt.value[0]!)} instead of the token`;
  return {
    kind: 'missing',
    message:
      `${found}, and ${url} did not answer with the token. ` +
      `Create a TXT record named ${txtName} with the value ${txtValue} (DNS changes can take up to an hour to appear), ` +
      `or serve the text ${token} at ${url}, then check again.`,
  };
}

/**
 * Asks the network for `domain`'s proof (outside any transaction), then records the outcome under
 * the domain's lock and the site's row lock (claims.ts). Null when the owner changed the domain
 * meanwhile (their save wins) — or another site's verification dropped this claim.
 */
export async function checkSiteDomainNow(
  deps: ModuleDeps,
  userId: string,
  domain: string,
  token: string,
): Promise<{ outcome: ProofOutcome; result: CheckResult | null }> {
  const outcome = await checkDomain(deps.domainProbe, domain, token);
  try {
    const result = await inTransaction(deps, async (tx) => {
      await lockDomain(tx.db, domain);
      const current = await lockSiteOf(tx.db, userId);
      if (current.domainName !== domain || current.domainToken !== token) return null;
      return recordCheck(tx, current, outcome);
    });
    return { outcome, result };
  } catch (err) {
    // Only the one-verified-site-per-domain index can break here (a domain verified some other
    // way than through lockDomain): the other site holds it.
    if (uniqueViolation(err) !== null) return { outcome, result: { statusChanged: false, taken: true, verified: false } };
    throw err;
  }
}

/**
 * POST /sites/domain/verify: checks the owner's custom domain now and records the result. The
 * first site to prove a domain gets it (the other claims are dropped); a proof taken down starts
 * the grace period of a verified domain (docs/decisions/049). When we could not look at all, the
 * status stays, the reason is recorded and the caller gets a 503 saying so.
 */
export async function verifySiteDomain(deps: ModuleDeps, userId: string): Promise<MySite> {
  const [row] = await deps.db.select().from(sites).where(eq(sites.userId, userId)).limit(1);
  if (!row) throw siteNotFound();
  const domain = row.domainName;
  if (!domain) {
    // The claim was dropped by another seller's proof (maybe a moment ago, racing this check).
    if (row.domainLostName && row.domainLostReason === 'claimed_by_another')
      throw domainVerifiedElsewhere(row.domainLostName);
    throw validationError('Set a custom domain first.', 'DOMAIN_NOT_SET');
  }
  await requirePlanAllows(deps, userId, CUSTOM_DOMAIN, (limits) => limits.customDomain);
  // Every domain set through the API has a token; one set any other way gets its own now.
  let token = row.domainToken;
  if (!token) {
    token = newDomainToken();
    await deps.db.update(sites).set({ domainToken: token }).where(eq(sites.id, row.id));
  }

  const { outcome, result } = await checkSiteDomainNow(deps, userId, domain, token);
  if (result?.statusChanged) announceChange(deps, { kind: 'site', userIds: [userId] });
  if (result?.taken) throw domainVerifiedElsewhere(domain);
  if (result === null) {
    // Another seller's proof won the race while we were looking: say so, not "saved".
    const mine = await getMySite(deps, userId);
    if (mine.domain.lost?.name === domain && mine.domain.lost.reason === 'claimed_by_another')
      throw domainVerifiedElsewhere(domain);
    return mine;
  }
  if (outcome.kind === 'unreachable') throw unavailable(outcome.message, 'DOMAIN_CHECK_FAILED');
  return getMySite(deps, userId);
}
