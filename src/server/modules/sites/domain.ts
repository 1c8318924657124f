import type { SiteDomain } from '../../../shared/contracts/sites';
import {
  DOMAIN_HTTP_PATH,
  DOMAIN_TXT_PREFIX,
  DOMAIN_TXT_VALUE_PREFIX,
} from '../../../shared/contracts/site-rules';
import type { SiteRow } from '../../db/schema';
import type { ModuleDeps } from '../core';

/** The host the marketplace answers on: custom domains point here (CNAME) once verified. */
export const marketplaceHost = (deps: Pick<ModuleDeps, 'env'>): string => new URL(deps.env.APP_URL).hostname;

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
  };
}
