import { siteQuery, siteSchema } from '../contracts/sites';
import { endpoint } from './endpoint';

/** SPEC §7 "Sites" (the client "reads data", so the body is the site itself). */
export const sitesApi = {
  site: endpoint({
    method: 'GET',
    path: '/sites',
    summary: 'A site by its owner (?username= or ?user_id=)',
    tags: ['sites'],
    query: siteQuery,
    response: siteSchema,
  }),
  mySite: endpoint({
    method: 'GET',
    path: '/sites/mine',
    summary: "The signed-in user's site",
    tags: ['sites'],
    response: siteSchema,
  }),
};
