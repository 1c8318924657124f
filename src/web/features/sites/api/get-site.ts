import { data } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
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
 * GET /api/v1/sites?username= (SPEC §7). null when the user has no site (404/400); other failures
 * are a 500 'Error loading user' for the error page.
 */
export async function getSiteByUsername(
  apiFetch: typeof fetch,
  username: string,
): Promise<PublicSite | null> {
  let res: Response;
  try {
    res = await apiFetch(`/api/v1/sites?username=${encodeURIComponent(username)}`, {
      headers: { accept: 'application/json' },
    });
  } catch {
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw data(MESSAGES.errorLoadingUser, { status: 500 });
  const site = toPublicSite(await res.json().catch(() => null));
  if (site && !site.name) site.name = username;
  return site;
}
