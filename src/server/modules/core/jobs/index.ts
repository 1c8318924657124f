/**
 * Durable background jobs kept in the database: enqueue them with the domain write that causes
 * them, run them with retries and backoff on any number of instances.
 */
export { enqueueJob, listJobs, type EnqueueOptions, type JobRecord, type JsonValue } from './queue';
export {
  createJobWorker,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobWorker,
  type JobWorkerOptions,
} from './worker';
export { signalJobsEnqueued } from './signal';
