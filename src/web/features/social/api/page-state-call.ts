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

type PageStateAnswer = PageState | 'signed-out' | null;

/** Calls under way, by their ids: parts of one page asking about the same ids share one call. */
const underWay = new Map<string, Promise<PageStateAnswer>>();

/**
 * GET /me/page-state (loaded on demand, only where a session may exist: visitors' pages never
 * carry it): 'signed-out' when there is no session (401, after the client's own refresh failed),
 * null on any other failure (the page keeps the neutral state it was rendered with). Asked again
 * for the same ids while a call is under way (the marketplace's post page: its bell and its
 * offer), the answer is that call's.
 */
export function loadPageState(ids: string): Promise<PageStateAnswer> {
  const current = underWay.get(ids);
  if (current) return current;
  const call = ask(ids).finally(() => underWay.delete(ids));
  underWay.set(ids, call);
  return call;
}

async function ask(ids: string): Promise<PageStateAnswer> {
  try {
    return await quietApi.call(socialApi.pageState, { query: { ids } });
  } catch (error) {
    return (error as { status?: number }).status === 401 ? 'signed-out' : null;
  }
}
