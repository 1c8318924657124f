import { data } from 'react-router';
import { sitesApi } from '../../../../shared/api/sites';
import type { PublicSite as Site } from '../../../../shared/contracts/sites';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';

/**
 * GET /sites?username= (SPEC §7; the body is the site itself) through the server's API client
 * (`serverApi(context)` in loaders). null when the user has no site (404/400); other failures are
 * a 500 'Error loading user' for the error page.
 */
export async function getSiteByUsername(client: ApiClient, username: string): Promise<Site | null> {
  let site: Site;
  try {
    site = await client.call(sitesApi.site, { query: { username } });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
  return site.name ? site : { ...site, name: username };
}
