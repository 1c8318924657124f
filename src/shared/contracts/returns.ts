import { z } from 'zod';
import { mediaSchema, moneySchema, obj, text } from './catalog-model';
import { requiredAs } from './common';
import { shipmentFields } from './commerce';
import { idField, iso, limitField, money, pageField } from './commerce-fields';
import { RETURN_LIMITS as L, RETURN_REASONS, RETURN_STATUSES } from './returns-rules';

// Request and response shapes of return requests (issue 27 §4, docs/decisions/074). Money: major
// units on the wire, minor units in the database.

export const returnRequestSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** The seller's part of the order it is about. */
  transactionId: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  message: z.string(),
  photos: z.array(mediaSchema),
  buyer: z.object({ _id: z.string().nullable(), name: z.string() }),
  seller: z.object({ _id: z.string().nullable(), name: z.string(), username: z.string() }),
  /** What the buyer paid for this seller's part: no refund can be larger. */
  partTotal: money,
  currency: z.string(),
  /** The refund accepted (null until then). */
  refund: money.nullable(),
  /** Whether the buyer sends the item back (an accepted request). */
  returnItem: z.boolean().nullable(),
  /**
   * The item on its way back (accepted with the item returned): the carrier and tracking number
   * the buyer added, and the carrier's tracking page when it has one.
   */
  returnShipment: z
    .object({
      carrier: z.string(),
      trackingNumber: z.string(),
      trackingUrl: z.string().nullable(),
      sentAt: iso,
    })
    .nullable(),
  /** When the seller confirmed the returned item arrived (the refund is sent then). */
  itemReceivedAt: iso.nullable(),
  /** The refund reached the payment provider (the ledger holds it). */
  refundSent: z.boolean(),
  declineReason: z.string().nullable(),
  /** What the moderator said when deciding (an escalated request). */
  moderatorNote: z.string().nullable(),
  decidedBy: z.enum(['seller', 'moderator']).nullable(),
  /**
   * The seller's deadline: to answer an open request, or to confirm a tracked returned item
   * arrived. Past it, the buyer may send the request to moderation.
   */
  answerBy: iso,
  /** Whether the caller may send it to moderation now (the buyer: declined, or unanswered in time). */
  canEscalate: z.boolean(),
  escalatedAt: iso.nullable(),
  decidedAt: iso.nullable(),
  createdAt: iso,
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnResponse = obj({ returnRequest: returnRequestSchema });

/**
 * POST /returns: JSON, or multipart with a `request` JSON field of this shape and up to four
 * `photo` files.
 */
export const returnCreateRequest = obj({
  transactionId: idField('a sale id'),
  reason: z.enum(RETURN_REASONS, { error: 'Choose why you are asking for a refund.' }),
  message: text(L.messageMax, ' in the message').trim().min(1, 'Tell the seller what happened.'),
});
export type ReturnCreateInput = z.input<typeof returnCreateRequest>;

/** GET /returns: mine as the buyer, as the seller, the moderation queue's (staff), or one (?id=). */
export const returnQuery = obj({
  id: idField('a return request id').optional(),
  as: z
    .enum(['buyer', 'seller', 'moderation'], {
      error: 'Choose buyer, seller or moderation.',
    })
    .default('buyer'),
  page: pageField,
  limit: limitField,
});
export const returnListResponse = z.union([
  obj({ returns: z.array(returnRequestSchema), recordsCount: z.number().int() }),
  returnResponse,
]);

const refundField = moneySchema(1_000_000).refine((v) => v > 0, 'A refund must be more than 0.');

/** POST /returns/accept: the seller refunds (all of the part or some of it). */
export const returnAcceptRequest = obj({
  id: idField('a return request id'),
  refund: refundField,
  returnItem: z.boolean(requiredAs('true or false')).default(false),
});

/** POST /returns/decline: the seller says no, and why. */
export const returnDeclineRequest = obj({
  id: idField('a return request id'),
  reason: text(L.declineReasonMax, ' for the reason')
    .trim()
    .min(1, 'Tell the buyer why you decline.'),
});

/** POST /returns/escalate: the buyer sends a declined or unanswered request to the moderators. */
export const returnEscalateRequest = obj({ id: idField('a return request id') });

/** POST /returns/decide: a moderator refunds (an amount) or closes an escalated request. */
export const returnDecideRequest = obj({
  id: idField('a return request id'),
  decision: z.enum(['refund', 'reject'], { error: 'Choose refund or reject.' }),
  refund: refundField.optional(),
  returnItem: z.boolean(requiredAs('true or false')).default(false),
  note: text(L.declineReasonMax, ' in the note').trim().default(''),
});

/** POST /returns/tracking: the buyer says how the item goes back (an accepted return). */
export const returnTrackingRequest = obj({
  id: idField('a return request id'),
  ...shipmentFields,
});
export type ReturnTrackingInput = z.input<typeof returnTrackingRequest>;

/** POST /returns/received: the seller confirms the returned item arrived; the refund is sent. */
export const returnReceivedRequest = obj({ id: idField('a return request id') });
