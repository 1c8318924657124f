import { data } from 'react-router';
import { siteSchema, type Site } from '../../../../shared/contracts/sites';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';

/**
 * GET /api/v1/sites?username= (SPEC §7) through the API client (`serverApi(context)` in loaders).
 * null when the user has no site (404/400); other failures are a 500 'Error loading user' for the
 * error page.
 */
export async function getSiteByUsername(
  client: ApiClient,
  username: string,
): Promise<Site | null> {
  let body: unknown;
  try {
    body = await client.get<unknown>('/sites', { query: { username } });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
  // The body is the site itself (`siteSchema`); one that does not match counts as no site.
  const parsed = siteSchema.safeParse(body);
  if (!parsed.success) return null;
  const site = parsed.data;
  if (!site.name) site.name = username;
  return site;
}
