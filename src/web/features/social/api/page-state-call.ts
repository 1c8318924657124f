import { socialApi } from '../../../../shared/api/social';
import type { PageState } from '../../../../shared/contracts/social';
import { getToken } from '../../../lib/api';
import { createApiClient } from '../../../lib/api-client';

/**
 * The browser client for what a shared page asks on its own after loading: it refreshes an
 * expired token as `api` does, but a failed refresh here only means "not signed in" — no modal,
 * no trip to /login from a public page.
 */
const quietApi = createApiClient({ baseUrl: '/api/v1', getToken });

/**
 * GET /me/page-state (loaded on demand, only where a session may exist: visitors' pages never
 * carry it): 'signed-out' when there is no session (401, after the client's own refresh failed),
 * null on any other failure (the page keeps the neutral state it was rendered with).
 */
export async function loadPageState(ids: string): Promise<PageState | 'signed-out' | null> {
  try {
    return await quietApi.call(socialApi.pageState, { query: { ids } });
  } catch (error) {
    return (error as { status?: number }).status === 401 ? 'signed-out' : null;
  }
}
