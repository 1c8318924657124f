import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CARRIERS, orderRef } from '../../../shared/contracts/commerce-rules';
import { RETURN_LIMITS } from '../../../shared/contracts/returns-rules';
import { RETURN_REASON_LABELS } from '../../../shared/contracts/returns-rules';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { orders, returnRequests, transactions, type ReturnRequestRow } from '../../db/schema';
import { defineJob, queueModuleMail, type ModuleDeps } from '../core';
import { build, emailOf, itemLines } from './mail';

// The mails of a return request (ADR 074): each side is told of every step, through the job queue
// like the other commerce mails (queued in the transaction of the step they report).

export const RETURN_MAILS = [
  'opened',
  'accepted',
  'declined',
  'escalated',
  'decided',
  'sent',
  'tracking_changed',
  'received',
] as const;
export type ReturnMail = (typeof RETURN_MAILS)[number];

const payload = z.object({ mail: z.enum(RETURN_MAILS), id: z.string() });

export const returnMailJob = defineJob('commerce.return-mail', payload, deliver);

export function queueReturnMail(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  mail: ReturnMail,
  id: string,
) {
  return queueModuleMail(deps, returnMailJob, { mail, id }, id);
}

/** The buyer corrected the return's tracking: the seller is told, once per carrier and number. */
export function queueTrackingChangedMail(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  r: Pick<ReturnRequestRow, 'id' | 'returnCarrier' | 'returnTrackingNumber'>,
) {
  const onceFor = `${r.id}:${r.returnCarrier}:${r.returnTrackingNumber}`;
  return queueModuleMail(deps, returnMailJob, { mail: 'tracking_changed', id: r.id }, onceFor);
}

async function deliver(deps: ModuleDeps, p: z.output<typeof payload>): Promise<void> {
  const [r] = await deps.db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.id, p.id))
    .limit(1);
  if (!r) return;
  const [part] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, r.transactionId))
    .limit(1);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, r.orderId)).limit(1);
  if (!part || !order) return;
  const money = (m: number) => formatMoney(toMajor(m), order.currency);
  const items = await itemLines(deps, { transactionId: part.id }, order.currency);
  const ref = orderRef(order.id);
  const seller = await emailOf(deps, r.sellerId);
  const buyer = { email: order.buyerEmail, name: order.buyerName };
  const path = `/returns/${r.id}`;
  const refund = r.refundMinor ? money(r.refundMinor) : '';
  const tracking = r.returnTrackingNumber
    ? `${CARRIERS[r.returnCarrier ?? 'other']?.name ?? 'Other carrier'}, tracking number ${r.returnTrackingNumber}`
    : '';
  const send = async (
    to: { email: string } | null,
    heading: string,
    paragraphs: string[],
    subject: string,
  ) => {
    if (!to) return;
    await deps.mail.send({
      to: to.email,
      ...build(deps, heading, paragraphs, items, { label: 'Open the request', path }, subject),
    });
  };
  switch (p.mail) {
    case 'opened':
      await send(
        seller,
        'A buyer asks for a refund',
        [
          `${part.buyerName} asks for a refund on order ${ref} (${RETURN_REASON_LABELS[r.reason]}): “${r.message}”`,
          `Accept it (all of ${money(part.totalMinor)} or part of it) or decline it with a reason. Left unanswered for 5 days, the buyer may ask our moderators to decide.`,
        ],
        `Refund request: order ${ref}`,
      );
      await send(
        buyer,
        'We sent your refund request',
        [
          `${part.sellerName} has been asked about your refund for order ${ref}. We will email you the answer.`,
        ],
        `Your refund request for order ${ref}`,
      );
      return;
    case 'accepted':
    case 'decided': {
      const by = r.decidedBy === 'moderator' ? 'Our moderators' : part.sellerName;
      if (r.status === 'awaiting_return') {
        await send(
          buyer,
          'Your refund was accepted: send the item back',
          [
            `${by} accepted a refund of ${refund} for order ${ref}, once the item is back with the seller.`,
            'Send it back, then add the carrier and tracking number on the request page. The refund is sent when the seller confirms it arrived.',
          ],
          `Refund accepted, item to send back: order ${ref}`,
        );
        await send(
          seller,
          'A refund was accepted: the item comes back',
          [
            `${by} accepted a refund of ${refund} to ${part.buyerName} for order ${ref}. The buyer sends the item back and adds its tracking number.`,
            `When it arrives, confirm it on the request page: the refund is sent then. Left unconfirmed ${RETURN_LIMITS.receiptDays} days after the buyer sent it, the buyer may ask our moderators to decide.`,
          ],
          `Refund accepted, item coming back: order ${ref}`,
        );
      } else if (r.status === 'refunded') {
        await send(
          buyer,
          'Your refund was accepted',
          [
            `${by} accepted your refund of ${refund} for order ${ref}.`,
            'It goes back to the card you paid with; banks take 5–10 business days to show it.',
          ],
          `Refund accepted: order ${ref}`,
        );
        await send(
          seller,
          'A refund was accepted',
          [`${by} accepted a refund of ${refund} to ${part.buyerName} for order ${ref}.`],
          `Refund accepted: order ${ref}`,
        );
      } else {
        const note = r.moderatorNote ? ` Their note: ${r.moderatorNote}` : '';
        for (const to of [buyer, seller]) {
          await send(
            to,
            'A refund request was closed',
            [`Our moderators closed the refund request for order ${ref} without a refund.${note}`],
            `Refund request closed: order ${ref}`,
          );
        }
      }
      return;
    }
    case 'declined':
      await send(
        buyer,
        'Your refund request was declined',
        [
          `${part.sellerName} declined your refund request for order ${ref}. Their reason: ${r.declineReason ?? ''}`,
          'If you disagree, you can ask our moderators to decide from the request page.',
        ],
        `Refund declined: order ${ref}`,
      );
      await send(
        seller,
        'You declined a refund request',
        [
          `You declined ${part.buyerName}’s refund request for order ${ref}. The buyer may ask our moderators to decide.`,
        ],
        `Refund declined: order ${ref}`,
      );
      return;
    case 'sent':
      await send(
        seller,
        'The buyer sent the item back',
        [
          `${part.buyerName} sent the item of order ${ref} back: ${tracking}.`,
          `When it arrives, confirm it on the request page and the refund of ${refund} is sent. Left unconfirmed ${RETURN_LIMITS.receiptDays} days, the buyer may ask our moderators to decide.`,
        ],
        `Item on its way back: order ${ref}`,
      );
      await send(
        buyer,
        'We told the seller the item is on its way',
        [
          `${part.sellerName} has your tracking number (${tracking}). Your refund of ${refund} is sent when they confirm the item arrived.`,
        ],
        `Return sent: order ${ref}`,
      );
      return;
    case 'tracking_changed':
      await send(
        seller,
        'The buyer corrected the tracking number',
        [
          `${part.buyerName} corrected the tracking of the item of order ${ref} coming back: ${tracking}.`,
          `When it arrives, confirm it on the request page and the refund of ${refund} is sent.`,
        ],
        `New tracking number: order ${ref}`,
      );
      return;
    case 'received':
      await send(
        buyer,
        'The seller has the item: your refund is on its way',
        [
          `${part.sellerName} confirmed the item of order ${ref} is back. Your refund of ${refund} goes back to the card you paid with; banks take 5–10 business days to show it.`,
        ],
        `Refund sent: order ${ref}`,
      );
      await send(
        seller,
        'You confirmed the returned item',
        [`The refund of ${refund} to ${part.buyerName} for order ${ref} is being sent.`],
        `Returned item received: order ${ref}`,
      );
      return;
    case 'escalated':
      for (const to of [buyer, seller]) {
        await send(
          to,
          'A refund request went to our moderators',
          [
            `The refund request for order ${ref} is with our moderators now. They will decide and email you both.`,
          ],
          `Refund request with moderators: order ${ref}`,
        );
      }
      return;
  }
}
