import { onFirstUse } from '../../adapters/on-first-use';

/**
 * React Router's runtime, imported when the first page is rendered rather than with the server.
 * In production every import of `react-router` must come after start.ts registers the hook that
 * gives all its importers the production build (docs/decisions/043), and start.ts registers it
 * only once the server listens, with the pages' code (docs/decisions/055): the server's own code
 * imports nothing of React Router but its types.
 */
export const reactRouter = onFirstUse(() => import('react-router'));
