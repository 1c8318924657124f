// The plans module's public surface (docs/decisions/032): GET /plans, members' subscriptions
// bought and renewed through the payments adapter (embedded driver or Stripe Subscription
// Schedules) and switching back to free at the end of the paid period. What a plan allows is
// asked of the entitlements module. It writes only db/schema/plans.ts; the member's `plan` field
// goes through accounts.setUserPlan.
import type { JobDefinition } from '../core';
import { planMailJob } from './mail';
import { renewJob } from './renew';
import { planStripeEventJob } from './stripe-events';

/** Background jobs of this module (renewals, plan emails, Stripe's subscription events). */
export const planJobs: readonly JobDefinition[] = [renewJob, planMailJob, planStripeEventJob];

export { listPlans, readMySubscription } from './read';
export { seedDemoSubscription, subscribe } from './subscribe';
export { switchToFree } from './switch-to-free';
export { renewJob, announcePlanChange, scheduleRenewal } from './renew';
export { planStripeEventJob, PLAN_STRIPE_EVENT_ROUTES } from './stripe-events';
export { planMailJob, queuePlanMail, type PlanMail } from './mail';
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
