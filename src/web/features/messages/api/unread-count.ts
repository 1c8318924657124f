import { api } from '../../../lib/api';
import { loadUnreadCount } from './messages-api';

/**
 * The header's unread badge reads this module on demand (a dynamic import): only signed-in
 * members load the messages' calls, never a visitor's page (tests/e2e/budget.spec.ts).
 */
export const fetchUnreadCount = (): Promise<number> => loadUnreadCount(api);
