// Insights (issue 26, docs/decisions/071): events recorded on the server, counted without cookies,
// folded by day; what a seller's pages were seen, clicked and sold, by source, post and link.
import { maintainInsightsJob } from './maintain';

export { clearInsights } from './clear';
export { recordCartAdd, type CartAddInput } from './cart-adds';
export { createEventRecorder, pageOfPath, type EventRecorder, type SeenClick, type SeenVisit } from './recorder';
export { readInsights } from './read';
export { creditParts, creditMetadata, recordSaleEvents, type Credit, type CreditedPart } from './sales';
export {
  dropOldEvents,
  ensurePartition,
  foldFinishedDays,
  maintainInsights,
  scheduleInsightsUpkeep,
} from './maintain';
export { networkOf, visitorHash } from './visitor-hash';
export { utcDay, addDays } from './days';

export const insightJobs = [maintainInsightsJob];
