import { eq } from 'drizzle-orm';
import type { ReturnRequest } from '../../../shared/contracts/returns';
import { returnRequests } from '../../db/schema';
import { conflict, inTransaction, nowDate, type ModuleDeps } from '../core';
import type { Reader } from './read-orders';
import { lockReturn, one, sendRefund } from './returns';
import { queueReturnMail, queueTrackingChangedMail } from './returns-mail';
import { receiptByFrom } from './returns-read';

// The item coming back (ADR 074): a return accepted with the item returned waits for it
// (`awaiting_return`). The buyer adds the carrier and tracking number (checked like a sale's
// shipment, correctable while the item is awaited); the seller sees them and confirms the item arrived, and only then is the refund sent
// (the same refund job as every accepted return). A tracked return the seller leaves unconfirmed
// for RETURN_LIMITS.receiptDays may be sent to the moderators by the buyer.

const notAwaiting = (what: string) => conflict(what, 'RETURN_NOT_AWAITING_ITEM');

/**
 * POST /returns/tracking: the buyer says how the item goes back, and may correct it while the
 * item is still awaited (a mistyped number would leave the seller unable to follow the parcel).
 * A correction keeps the seller's deadline (it runs from the first sending) and tells the seller
 * the new number, once per number; the same carrier and number again changes nothing.
 */
export async function addReturnTracking(
  deps: ModuleDeps,
  buyer: Reader,
  input: { id: string; carrier: string; trackingNumber: string },
): Promise<ReturnRequest> {
  const me = buyer.id.toLowerCase();
  const row = await inTransaction(deps, async (tx) => {
    const { row } = await lockReturn(tx, input.id, (r) => r.buyerId === me);
    if (row.status !== 'awaiting_return')
      throw notAwaiting(
        row.returnSentAt
          ? 'The tracking number can no longer be changed: the item is no longer awaited here.'
          : 'A tracking number is added once the refund is accepted with the item going back.',
      );
    const same =
      row.returnCarrier === input.carrier && row.returnTrackingNumber === input.trackingNumber;
    if (row.returnSentAt && same) return row;
    const at = nowDate(tx);
    const [updated] = await tx.db
      .update(returnRequests)
      .set({
        returnCarrier: input.carrier,
        returnTrackingNumber: input.trackingNumber,
        updatedAt: at,
        // First sending: the seller's new deadline is to confirm the item arrived.
        ...(row.returnSentAt ? {} : { returnSentAt: at, answerBy: receiptByFrom(at) }),
      })
      .where(eq(returnRequests.id, row.id))
      .returning();
    if (row.returnSentAt) await queueTrackingChangedMail(tx, updated!);
    else await queueReturnMail(tx, 'sent', row.id);
    return updated!;
  });
  return one(deps, buyer, row);
}

/**
 * POST /returns/received: the seller confirms the item arrived and the accepted refund is sent.
 * Also while the buyer has sent the request to moderation for want of this confirmation: it then
 * leaves the queue, settled.
 */
export async function confirmReturnReceived(
  deps: ModuleDeps,
  seller: Reader,
  input: { id: string },
): Promise<ReturnRequest> {
  const me = seller.id.toLowerCase();
  const row = await inTransaction(deps, async (tx) => {
    const { row, part } = await lockReturn(tx, input.id, (r) => r.sellerId === me);
    const waiting =
      row.status === 'awaiting_return' ||
      (row.status === 'escalated' && row.returnItem === true && row.refundMinor !== null);
    if (!waiting)
      throw notAwaiting(
        row.status === 'refunded'
          ? 'This refund has already been sent.'
          : 'This request does not wait for an item to come back.',
      );
    const at = nowDate(tx);
    const [updated] = await tx.db
      .update(returnRequests)
      .set({ status: 'refunded', itemReceivedAt: at, updatedAt: at })
      .where(eq(returnRequests.id, row.id))
      .returning();
    await sendRefund(tx, updated!, part);
    await queueReturnMail(tx, 'received', row.id);
    return updated!;
  });
  return one(deps, seller, row);
}
