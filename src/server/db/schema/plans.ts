// Tables of the plans module (docs/decisions/032): members' paid subscriptions, each period's
// charge (its idempotency key is unique: a period is charged once whatever retries), and the cards
// the embedded payment driver keeps for renewals (brand, last four digits and expiry only; like a
// Stripe test PaymentMethod, the card's test behaviour is fixed when it is saved).
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAID_PLAN_IDS, PLAN_FREQUENCIES } from '../../../shared/plans';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** incomplete: waiting for its first payment; active: paid for the current period; ended: over. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_END_REASONS = [
  'switched_to_free',
  'payment_failed',
  'incomplete_expired',
  'account_closed',
] as const;
export const LOCAL_CARD_BEHAVIOURS = [
  'succeeds',
  'declines',
  'insufficient_funds',
  'charge_fails',
] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id', { enum: PAID_PLAN_IDS }).notNull(),
    frequency: text('frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The member switched back to free: the plan stays until `currentPeriodEnd`, then ends. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    /** SPEC User.plan.subscriptionScheduleId: Stripe's sub_sched_…, or the embedded driver's own. */
    scheduleId: text('schedule_id').notNull(),
    /** Stripe's subscription (sub_…) the schedule drives; null for the embedded driver. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Stripe customer (cus_…) paying it; null for the embedded driver. */
    customerId: text('customer_id'),
    /** The card renewals are charged to (pm_…). */
    paymentMethodId: text('payment_method_id'),
    endedReason: text('ended_reason', { enum: SUBSCRIPTION_END_REASONS }),
    endedAt: ts('ended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // At most one subscription that is not over per member.
    uniqueIndex('subscriptions_live_user_idx')
      .on(t.userId)
      .where(sql`${t.status} <> 'ended'`),
    uniqueIndex('subscriptions_schedule_idx').on(t.scheduleId),
    index('subscriptions_provider_sub_idx').on(t.providerSubscriptionId),
    // The renewal sweep: live subscriptions by period end.
    index('subscriptions_status_period_end_idx').on(t.status, t.currentPeriodEnd),
    index('subscriptions_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    /** The provider's record of it: a payment intent (embedded) or an invoice (Stripe). */
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    /** `sub:{subscriptionId}:{periodStart ISO}`: one charge per period, also the provider's key. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_charges_key_idx').on(t.idempotencyKey),
    index('subscription_charges_sub_idx').on(t.subscriptionId, t.periodStart.desc()),
  ],
);
export type SubscriptionChargeRow = typeof subscriptionCharges.$inferSelect;

/** The embedded driver's saved cards: never the number, only what a receipt would show. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** What charging it does, fixed from the test card when saved (Stripe test-card behaviour). */
    behaviour: text('behaviour', { enum: LOCAL_CARD_BEHAVIOURS }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId)],
);
export type SavedCardRow = typeof savedCards.$inferSelect;
