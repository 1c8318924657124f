// Payment tables of the commerce module: the embedded payment driver's own records (what Stripe
// keeps on its side when Stripe is configured) and the Stripe webhook events already accepted.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_INTENT_STATUSES } from '../../../shared/contracts/commerce-rules';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The embedded payment driver's payment intents (Stripe keeps its own). */
export const paymentIntents = pgTable('payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: PAYMENT_INTENT_STATUSES }).notNull(),
  transferGroup: text('transfer_group'),
  metadata: jsonb('metadata')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Card brand and last four digits of the card that paid (never the number). */
  cardLast4: text('card_last4'),
  lastErrorCode: text('last_error_code'),
  /** Idempotency: the same key always answers with the same intent. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

/**
 * The embedded payment driver's refunds, as Stripe keeps them: one idempotency key is one refund
 * (a retry gets the same id), and the refunds of a payment never add up to more than it.
 */
export const localRefunds = pgTable(
  'local_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('local_refunds_intent_idx').on(t.paymentIntentId),
    check('local_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** Stripe webhook events already accepted (dedupe by event id; processed through the job queue). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
});
