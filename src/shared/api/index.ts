// The API catalogue (DESIGN §3 "One data path"): every call of /api/v1, by domain.
export { accountsApi } from './accounts';
export { adminApi } from './admin';
export { aiApi } from './ai';
export { catalogApi } from './catalog';
export { insightsApi } from './insights';
export { messagesApi } from './messages';
export { commentsApi } from './comments';
export { commerceApi } from './commerce';
export { earningsApi } from './earnings';
export { metaApi } from './meta';
export { notificationsApi } from './notifications';
export { moderationApi } from './moderation';
export { outreachApi } from './outreach';
export { plansApi } from './plans';
export { sitesApi } from './sites';
export { socialApi } from './social';
export { webhooksApi } from './webhooks';
export * from './endpoint';
