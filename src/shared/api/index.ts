// The API catalogue (DESIGN §3 "One data path"): every call of /api/v1, by domain.
export { accountsApi } from './accounts';
export { adminApi } from './admin';
export { catalogApi } from './catalog';
export { commentsApi } from './comments';
export { metaApi } from './meta';
export { sitesApi } from './sites';
export * from './endpoint';
