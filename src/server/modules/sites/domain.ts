import { randomBytes } from 'node:crypto';
import type { SiteDomain } from '../../../shared/contracts/sites';
import {
  DOMAIN_PROOF_GRACE_MS,
  DOMAIN_HTTP_PATH,
  DOMAIN_TXT_PREFIX,
  DOMAIN_TXT_VALUE_PREFIX,
} from '../../../shared/contracts/site-rules';
import type { SiteRow } from '../../db/schema';
import type { ModuleDeps } from '../core';

/** The host the marketplace answers on: custom domains point here (CNAME) once verified. */
export const marketplaceHost = (deps: Pick<ModuleDeps, 'env'>): string => new URL(deps.env.APP_URL).hostname;

/**
 * Whether a (normalised) domain is the marketplace's own: its host, that host without `www.`, or
 * anything beneath them. A seller claiming one would take over marketplace pages.
 */
export function isMarketplaceDomain(deps: Pick<ModuleDeps, 'env'>, domain: string): boolean {
  const own = marketplaceHost(deps).replace(/^www\./, '');
  return domain === own || domain.endsWith(`.${own}`);
}

/** When a verified domain whose proof went missing at `since` stops being served without it. */
export const graceEndsAt = (since: Date): Date => new Date(since.getTime() + DOMAIN_PROOF_GRACE_MS);

/** A fresh proof-of-control token: 144 random bits, URL- and DNS-safe (24 characters). */
export const newDomainToken = (): string => randomBytes(18).toString('base64url');

/** The custom domain as its owner sees it: status and the exact records that prove control. */
export function siteDomain(deps: Pick<ModuleDeps, 'env'>, row: SiteRow): SiteDomain {
  const name = row.domainName;
  const token = row.domainToken;
  return {
    name,
    status: !name ? 'none' : row.domainVerifiedAt ? 'verified' : 'pending',
    txtRecord:
      name && token
        ? { type: 'TXT', name: `${DOMAIN_TXT_PREFIX}.${name}`, value: `${DOMAIN_TXT_VALUE_PREFIX}${token}` }
        : null,
    httpFile: name && token ? { url: `http://${name}${DOMAIN_HTTP_PATH}`, body: token } : null,
    target: marketplaceHost(deps),
    verifiedAt: row.domainVerifiedAt?.toISOString() ?? null,
    checkedAt: row.domainCheckedAt?.toISOString() ?? null,
    lastError: row.domainLastError,
    proofMissingSince: row.domainProofMissingSince?.toISOString() ?? null,
    graceEndsAt: row.domainProofMissingSince
      ? graceEndsAt(row.domainProofMissingSince).toISOString()
      : null,
    lost:
      row.domainLostName && row.domainLostReason && row.domainLostAt
        ? { name: row.domainLostName, reason: row.domainLostReason, at: row.domainLostAt.toISOString() }
        : null,
  };
}
