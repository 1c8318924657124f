import { z } from 'zod';
import { PAID_PLAN_IDS, PLAN_FREQUENCIES, PLAN_IDS } from '../plans';
import { userPlanSchema } from './accounts';
import { obj } from './catalog-model';
import { iso, money } from './commerce-fields';
import { localConfirmRequest } from './commerce';

// Wire shapes of plans and subscriptions (SPEC §7 "Sites, plans, misc", issue 13,
// docs/decisions/032). Money is in major units of the deployment's currency, as everywhere.

export const planLimitsSchema = obj({
  /** Posts that may be published at once; null: no limit. */
  publishedPosts: z.number().int().nullable(),
  customDomain: z.boolean(),
  aiImagesPerMonth: z.number().int(),
  /** null: no limit. */
  emailListSubscribers: z.number().int().nullable(),
  /** The marketplace's share of each sale's items and shipping, in percent (3 = 3%). */
  platformFeePercent: z.number(),
  /** Links the seller's page may list. */
  siteLinks: z.number().int(),
});

/** One plan as GET /plans lists it. */
export const planSchema = obj({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  tagline: z.string(),
  /** Price per period in major units (0 for the free plan). */
  prices: obj({ month: money, year: money }),
  currency: z.string(),
  limits: planLimitsSchema,
  features: z.array(z.string()),
});
export type PlanInfo = z.infer<typeof planSchema>;

/** GET /plans: the body is the list (SPEC "reads data"), cheapest first. */
export const plansResponse = z.array(planSchema);
export type PlansResponse = z.infer<typeof plansResponse>;

export const planIdField = z.enum(PAID_PLAN_IDS, {
  error: `Choose one of the paid plans: ${PAID_PLAN_IDS.join(', ')}.`,
});
export const frequencyField = z.enum(PLAN_FREQUENCIES, {
  error: 'Choose month or year.',
});

/**
 * POST /users/subscription: buy a paid plan. The embedded driver takes the `card` (the same
 * shape as POST /payments/local/confirm); the Stripe driver a `paymentMethodId` (pm_…) that
 * Stripe.js created in the browser.
 */
export const subscribeRequest = obj({
  planId: planIdField,
  frequency: frequencyField,
  card: localConfirmRequest.shape.card.optional(),
  paymentMethodId: z
    .string()
    .trim()
    .min(1, 'Must be a payment method id.')
    .max(100, 'Must be a payment method id.')
    .optional(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

/**
 * POST and PATCH /users/subscription answer with the member's plan (SPEC §3 User.plan). With
 * Stripe, a first payment the card holder must confirm (3-D Secure) also carries
 * `paymentAction.clientSecret`: the browser confirms it with Stripe.js and the plan starts when
 * Stripe reports the payment (docs/decisions/033).
 */
export const subscriptionPlanResponse = userPlanSchema.extend({
  paymentAction: obj({ clientSecret: z.string() }).optional(),
});
export type SubscriptionPlanResponse = z.infer<typeof subscriptionPlanResponse>;

export const SUBSCRIPTION_VIEW_STATUSES = ['active', 'incomplete', 'ended'] as const;

export const subscriptionChargeSchema = obj({
  _id: z.string(),
  periodStart: iso,
  periodEnd: iso,
  amount: money,
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  failureMessage: z.string().nullable(),
  createdAt: iso,
});
export type SubscriptionCharge = z.infer<typeof subscriptionChargeSchema>;

export const subscriptionSchema = obj({
  _id: z.string(),
  planId: z.enum(PAID_PLAN_IDS),
  frequency: z.enum(PLAN_FREQUENCIES),
  status: z.enum(SUBSCRIPTION_VIEW_STATUSES),
  provider: z.enum(['local', 'stripe']),
  /** The member switched back to free: the plan stays until `currentPeriodEnd`. */
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: iso,
  currentPeriodEnd: iso,
  /** The card renewals are charged to, as a receipt shows it. */
  card: obj({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /users/subscription: my plan now, my live subscription (if any) and its recent charges. */
export const mySubscriptionResponse = obj({
  /** The plan in force now (a lapsed or missing plan is free). */
  currentPlanId: z.enum(PLAN_IDS),
  plan: userPlanSchema.nullable(),
  subscription: subscriptionSchema.nullable(),
  charges: z.array(subscriptionChargeSchema),
  /** Which driver takes a new subscription here, and Stripe's publishable key when it is Stripe. */
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type MySubscription = z.infer<typeof mySubscriptionResponse>;
