// The return requests of the commerce module (issue 27 §4, docs/decisions/074).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RETURN_REASONS, RETURN_STATUSES } from '../../../shared/contracts/returns-rules';
import { users } from './accounts';
import type { StoredMedia } from './catalog';
import { orders, transactions } from './commerce';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A buyer's request to be refunded for one seller's part after it shipped (issue 27 §4, ADR 074):
 * one per part. The refund itself is a ledger movement (`refund:return:{id}`) and, when the seller
 * was already paid, the reversal of their transfer (`reversal:return:{id}`).
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('open'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    message: text('message').notNull(),
    photos: jsonb('photos')
      .$type<StoredMedia[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    refundMinor: integer('refund_minor'),
    /** The platform fee the refund gives back (feeShareReturned, fixed when it is accepted). */
    feeReturnedMinor: integer('fee_returned_minor').notNull().default(0),
    returnItem: boolean('return_item'),
    /** The item going back (ADR 074): the carrier and tracking number the buyer added. */
    returnCarrier: text('return_carrier'),
    returnTrackingNumber: text('return_tracking_number'),
    returnSentAt: ts('return_sent_at'),
    /** The seller confirmed the returned item arrived: the refund is sent then. */
    itemReceivedAt: ts('item_received_at'),
    declineReason: text('decline_reason'),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    moderatorNote: text('moderator_note'),
    decidedBy: text('decided_by', { enum: ['seller', 'moderator'] }),
    /**
     * The seller's deadline: to answer, then (a tracked return) to confirm the item arrived;
     * missed, the buyer may escalate.
     */
    answerBy: ts('answer_by').notNull(),
    escalatedAt: ts('escalated_at'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('return_requests_transaction_idx').on(t.transactionId),
    index('return_requests_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('return_requests_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('return_requests_escalated_idx')
      .on(t.escalatedAt)
      .where(sql`${t.status} = 'escalated'`),
    check('return_requests_refund_check', sql`${t.refundMinor} is null or ${t.refundMinor} > 0`),
  ],
);
export type ReturnRequestRow = typeof returnRequests.$inferSelect;
