import { jobsQuery, jobsResponse } from '../contracts/admin';
import { endpoint } from './endpoint';

/** Operating the service (admins). */
export const adminApi = {
  jobs: endpoint({
    method: 'GET',
    path: '/admin/jobs',
    summary: 'Background jobs, newest first (?status=failed shows the ones that gave up)',
    tags: ['admin'],
    query: jobsQuery,
    response: jobsResponse,
  }),
};
