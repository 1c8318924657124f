import { accountJobs } from './modules/accounts';
import { catalogJobs } from './modules/catalog';
import { commerceJobs } from './modules/commerce';
import { coreJobs, type JobHandlers } from './modules/core';
import { notificationJobs } from './modules/notifications';

/** Every background job the process can run, by name: each module contributes its own. */
export const JOB_HANDLERS: JobHandlers = {
  ...coreJobs,
  ...accountJobs,
  ...catalogJobs,
  ...commerceJobs,
  ...notificationJobs,
};
