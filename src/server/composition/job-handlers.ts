import { accountJobs } from '../modules/accounts';
import { aiJobs } from '../modules/ai';
import { catalogJobs } from '../modules/catalog';
import { commerceJobs } from '../modules/commerce';
import {
  coreJobs,
  countJobsByStatus,
  createJobWorker,
  jobRegistry,
  type JobWorker,
  type ModuleDeps,
} from '../modules/core';
import { insightJobs, scheduleInsightsUpkeep } from '../modules/insights';
import { notificationJobs } from '../modules/notifications';
import { outreachJobs } from '../modules/outreach';
import { planJobs } from '../modules/plans';
import { scheduleDomainSweep, siteJobs } from '../modules/sites';
import { metricsOf, type AppDeps } from './app-deps';

/**
 * Every background job the process can run: each module contributes its definitions. Two with
 * one name stop the process here, at startup, rather than one silently running the other's jobs.
 */
export const JOB_REGISTRY = jobRegistry([
  ...coreJobs,
  ...accountJobs,
  ...catalogJobs,
  ...commerceJobs,
  ...notificationJobs,
  ...planJobs,
  ...outreachJobs,
  ...aiJobs,
  ...siteJobs,
  ...insightJobs,
]);

/**
 * The app's job worker over `deps` (the runtime's, or a test's): every job of the registry, each
 * run counted in the instance's metrics, and the queue's depth read when they are scraped.
 */
export function createAppJobWorker(app: AppDeps, deps: ModuleDeps): JobWorker {
  const metrics = metricsOf(app);
  metrics.gauges({ jobs: () => countJobsByStatus(app.database.db) });
  return createJobWorker({
    deps,
    jobs: JOB_REGISTRY,
    onRun: (name, outcome, seconds) => metrics.jobRun(name, outcome, seconds),
  });
}

/**
 * The recurring jobs (each run queues the next) queued when a worker starts: deduplicated across
 * restarts and instances, so a database that never had them, or whose chain broke, gets them.
 */
export async function scheduleRecurringJobs(deps: ModuleDeps): Promise<void> {
  await scheduleDomainSweep(deps);
  await scheduleInsightsUpkeep(deps);
}
