import { insightsApi } from '../../../../shared/api/insights';
import { api } from '../../../lib/api';

/** DELETE /insights from the page: every recorded event and daily total of the caller's. */
export const clearInsights = () => api.call(insightsApi.clearInsights, {});
