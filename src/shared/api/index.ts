// The API catalogue (DESIGN §3 "One data path"): every call of /api/v1, by domain.
export { accountsApi } from './accounts';
export { adminApi } from './admin';
export { catalogApi } from './catalog';
export { metaApi } from './meta';
export { sitesApi } from './sites';
export { socialApi } from './social';
export * from './endpoint';
