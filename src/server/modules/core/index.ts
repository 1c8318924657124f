// The kernel every module stands on: how dependencies arrive, transactions, the closed set of
// error kinds, and durable background work. Modules import it as '../core'.
export { appOrigin, nowDate, silentLog, type DbOrTx, type Logger, type ModuleDeps } from './deps';
export {
  DomainError,
  conflict,
  forbidden,
  isDomainError,
  notFound,
  paymentRequired,
  rateLimited,
  requireValidCard,
  tooLarge,
  unauthorized,
  unavailable,
  validationError,
} from './errors';
export { inTransaction } from './transaction';
export { toggleRow } from './toggle';
export { uniqueViolation } from './db-errors';
export { sqlRows } from './sql-rows';
export { BoundedCache, cachePerInstance, type BoundedCacheOptions } from './bounded-cache';
export {
  countJobsByStatus,
  createJobWorker,
  defineJob,
  enqueueJob,
  enqueueJobs,
  jobEntry,
  jobRegistry,
  listJobs,
  moduleMailEntry,
  queueModuleMail,
  signalJobsEnqueued,
  type EnqueueOptions,
  type JobEntry,
  type JobContext,
  type JobDefinition,
  type JobOutcome,
  type JobRecord,
  type JobRegistry,
  type JobWorker,
} from './jobs';
export { coreJobs, deleteFilesLater } from './files';
export { storeImages } from './images';
export {
  announceChange,
  announceCountsChange,
  changesChannel,
  isSoftChange,
  onContentChange,
  shareChangesThroughRedis,
  type RedisChangeLink,
  type ChangeListener,
  type ContentChange,
} from './changes';
