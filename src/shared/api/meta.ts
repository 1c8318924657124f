import { healthResponse } from '../contracts/health';
import { endpoint } from './endpoint';

/**
 * The instance's own state, for people and for balancers and orchestrators (docs/decisions/038).
 * Failures answer 503 `{ statusCode, error, message, code }` with Retry-After.
 */
export const metaApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database readiness',
    tags: ['meta'],
    response: healthResponse,
  }),
  live: endpoint({
    method: 'GET',
    path: '/health/live',
    summary: 'Liveness: the process answers (whatever the database does); restart it when this fails',
    tags: ['meta'],
    response: healthResponse,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    summary:
      'Readiness: the database answers and the instance is neither starting nor shutting down; send it traffic only while this answers 200 (503 DB_UNAVAILABLE, STARTING or SHUTTING_DOWN otherwise)',
    tags: ['meta'],
    response: healthResponse,
  }),
};
