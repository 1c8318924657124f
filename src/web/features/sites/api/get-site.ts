import { data } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import type { PublicSite } from '../types';

function toPublicSite(body: unknown): PublicSite | null {
  if (!body || typeof body !== 'object') return null;
  // The body is the site itself, or { site } / { data } around it.
  const b = body as Record<string, unknown>;
  const candidate = (b.site ?? b.data ?? b) as Record<string, unknown>;
  if (!candidate || typeof candidate !== 'object' || typeof candidate._id !== 'string') return null;
  return {
    ...candidate,
    _id: candidate._id,
    name: typeof candidate.name === 'string' ? candidate.name : '',
  } as PublicSite;
}

/**
 * GET /api/v1/sites?username= (SPEC §7) through the API client (`serverApi(context)` in loaders).
 * null when the user has no site (404/400); other failures are a 500 'Error loading user' for the
 * error page.
 */
export async function getSiteByUsername(
  client: ApiClient,
  username: string,
): Promise<PublicSite | null> {
  let body: unknown;
  try {
    body = await client.get<unknown>('/sites', { query: { username } });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
  const site = toPublicSite(body);
  if (site && !site.name) site.name = username;
  return site;
}
