import { accountJobs } from '../modules/accounts';
import { aiJobs } from '../modules/ai';
import { catalogJobs } from '../modules/catalog';
import { commerceJobs } from '../modules/commerce';
import { coreJobs, type JobHandlers } from '../modules/core';
import { notificationJobs } from '../modules/notifications';
import { outreachJobs } from '../modules/outreach';
import { planJobs } from '../modules/plans';

/** Every background job the process can run, by name: each module contributes its own. */
export const JOB_HANDLERS: JobHandlers = {
  ...coreJobs,
  ...accountJobs,
  ...catalogJobs,
  ...commerceJobs,
  ...notificationJobs,
  ...planJobs,
  ...outreachJobs,
  ...aiJobs,
};
