// The plans module's public surface (docs/decisions/032): GET /plans, members' subscriptions
// bought and renewed through the payments adapter (embedded driver or Stripe Subscription
// Schedules) and switching back to free at the end of the paid period. What a plan allows is
// asked of the entitlements module. It writes only db/schema/plans.ts; the member's `plan` field
// goes through accounts.setUserPlan.
import type { JobHandlers } from '../core';
import { planMailJobs } from './mail';
import { renewalJobs } from './renew';
import { planStripeEventJobs } from './stripe-events';

/** Background jobs of this module, by name (renewals, plan emails). */
export const planJobs: JobHandlers = { ...renewalJobs, ...planMailJobs, ...planStripeEventJobs };

export { listPlans, readMySubscription } from './read';
export { seedDemoSubscription, subscribe } from './subscribe';
export { switchToFree } from './switch-to-free';
export { RENEW_JOB, announcePlanChange, scheduleRenewal } from './renew';
export { PLANS_STRIPE_EVENT_JOB, PLAN_STRIPE_EVENT_ROUTES } from './stripe-events';
export { PLANS_MAIL_JOB, queuePlanMail, type PlanMail } from './mail';
export {
  endSubscription,
  latestSubscription,
  liveSubscription,
  periodChargeKey,
  recordChargeFailed,
  recordPeriodPaid,
  syncUserPlan,
  userPlanOf,
  type PeriodCharge,
} from './subscription-state';
