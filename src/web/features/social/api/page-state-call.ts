import { socialApi } from '../../../../shared/api/social';
import type { PageState } from '../../../../shared/contracts/social';
import { quietApi } from '../../../lib/api';

/**
 * GET /me/page-state for `viewerId` (loaded on demand, for members only: visitors' pages never
 * carry it). The answer must be that member's: no session (401, after the client's own refresh
 * failed) or another member's means the client's auth state was stale ('stale'). Any other
 * failure leaves the neutral state (null).
 */
export async function loadPageState(viewerId: string, ids: string): Promise<PageState | 'stale' | null> {
  try {
    const state = await quietApi.call(socialApi.pageState, { query: { ids } });
    return state.userId === viewerId ? state : 'stale';
  } catch (error) {
    return (error as { status?: number }).status === 401 ? 'stale' : null;
  }
}
