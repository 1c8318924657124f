/**
 * Durable background jobs kept in the database: declare each with `defineJob`, enqueue it with the
 * domain write that causes it, run it with retries, backoff and a renewed lease on any number of
 * instances.
 */
export {
  defineJob,
  jobRegistry,
  type JobContext,
  type JobDefinition,
  type JobRegistry,
} from './define';
export { countJobsByStatus, listJobs, type JobRecord } from './queue';
export { enqueueJob, enqueueJobs, jobEntry, type EnqueueOptions, type JobEntry } from './enqueue';
export {
  createJobWorker,
  DEFAULT_LEASE_MS,
  type JobOutcome,
  type JobWorker,
  type JobWorkerOptions,
} from './worker';
export { signalJobsEnqueued } from './signal';
export { moduleMailEntry, queueModuleMail } from './job-mail';
