import { healthResponse } from '../contracts/health';
import { endpoint } from './endpoint';

export const metaApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database readiness',
    tags: ['meta'],
    response: healthResponse,
  }),
};
