import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { renderMail, type BuiltMail, type MailItem } from '../../adapters/mail/templates';
import { CARRIERS } from '../../../shared/contracts/commerce-rules';
import { formatMoney, optionsText } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import {
  orderItems,
  orders,
  transactions,
  users,
  type OrderRow,
  type TransactionRow,
} from '../../db/schema';
import { appOrigin, defineJob, moduleMailEntry, queueModuleMail, type ModuleDeps } from '../core';
import { orderRef, trackingUrl } from '../../../shared/contracts/commerce-rules';

/**
 * Commerce emails go out through the job queue (enqueued in the transaction of the change they
 * report, so a sale is never recorded without its mail on the way, nor a mail sent for a change
 * that rolled back). The payload names the record; the mail says what it is when it is sent.
 */
export const COMMERCE_MAILS = [
  /** To the buyer: the order is paid. */
  'order_confirmation',
  /** To one seller: a new paid sale to ship. */
  'new_sale',
  /** To the buyer: one seller shipped their part (tracking link). */
  'shipped',
  /** To the buyer and the seller: a part was cancelled and the buyer refunded. */
  'sale_cancelled',
] as const;
export type CommerceMail = (typeof COMMERCE_MAILS)[number];

const commerceMailPayload = z.object({
  mail: z.enum(COMMERCE_MAILS),
  /** The order (order_confirmation) or the transaction (the others). */
  id: z.string(),
});

export const commerceMailJob = defineJob('commerce.mail', commerceMailPayload, deliverCommerceMail);

export function queueCommerceMail(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  mail: CommerceMail,
  id: string,
) {
  return queueModuleMail(deps, commerceMailJob, { mail, id }, id);
}

/** queueCommerceMail's job, to enqueue with others in one statement. */
export const commerceMailEntry = (mail: CommerceMail, id: string) =>
  moduleMailEntry(commerceMailJob, { mail, id }, id);

export async function itemLines(
  deps: ModuleDeps,
  where: { orderId?: string; transactionId?: string },
  currency: string,
): Promise<MailItem[]> {
  const rows = await deps.db
    .select()
    .from(orderItems)
    .where(
      where.transactionId
        ? eq(orderItems.transactionId, where.transactionId)
        : eq(orderItems.orderId, where.orderId!),
    )
    .orderBy(orderItems.id);
  return rows.map((r) => {
    const options = optionsText(r.selectedVariations);
    return {
      text: `${r.amount} × ${r.title}${options ? ` (${options})` : ''} — ${formatMoney(toMajor(r.priceMinor * r.amount), currency)}`,
    };
  });
}

export async function emailOf(
  deps: ModuleDeps,
  userId: string | null,
): Promise<{ email: string; name: string } | null> {
  if (!userId) return null;
  const [row] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export function build(
  deps: ModuleDeps,
  heading: string,
  paragraphs: string[],
  items: MailItem[],
  action: { label: string; path: string },
  subject: string,
): BuiltMail {
  const origin = appOrigin(deps);
  return {
    subject,
    ...renderMail({
      brandName: deps.env.BRAND_NAME,
      appUrl: origin,
      heading,
      paragraphs,
      items,
      action: { label: action.label, url: `${origin}${action.path}` },
      footer: `You are receiving this email because of an order at ${deps.env.BRAND_NAME}.`,
    }),
  };
}

const shortId = orderRef;

async function orderConfirmation(deps: ModuleDeps, order: OrderRow) {
  const money = (m: number) => formatMoney(toMajor(m), order.currency);
  const items = await itemLines(deps, { orderId: order.id }, order.currency);
  const sellers = await deps.db
    .select({
      name: transactions.sellerName,
      code: transactions.discountCode,
      off: transactions.discountMinor,
    })
    .from(transactions)
    .where(eq(transactions.orderId, order.id));
  // The codes as the buyer typed them at checkout: "SPRING25 −$15.00 from Maya".
  const codes = sellers
    .filter((s) => s.code && s.off > 0)
    .map((s) => `${s.code} −${money(s.off)} from ${s.name}`);
  await deps.mail.send({
    to: order.buyerEmail,
    ...build(
      deps,
      `Thank you for your order, ${order.buyerName}!`,
      [
        `We received your payment of ${money(order.grandTotalMinor)} for order ${shortId(order.id)} (items ${money(order.subtotalMinor)}${codes.length ? `, discount ${codes.join(', ')}` : ''}, shipping ${money(order.shippingMinor)}, tax ${money(order.taxMinor)}).`,
        `${sellers.length === 1 ? `${sellers[0]!.name} has` : `Each of the ${sellers.length} sellers has`} been told to ship. You will get an email with the tracking number when it is on its way.`,
      ],
      items,
      { label: 'See your order', path: '/orders' },
      `Your order ${shortId(order.id)} is confirmed`,
    ),
  });
}

async function saleMail(
  deps: ModuleDeps,
  mail: Exclude<CommerceMail, 'order_confirmation'>,
  tx: TransactionRow,
  order: OrderRow,
) {
  const money = (m: number) => formatMoney(toMajor(m), order.currency);
  const items = await itemLines(deps, { transactionId: tx.id }, order.currency);
  const seller = await emailOf(deps, tx.sellerId);
  const ref = shortId(tx.orderId);
  switch (mail) {
    case 'new_sale': {
      if (!seller) return;
      const a = order.shippingAddress;
      const shipBy = tx.shipBy ? tx.shipBy.toISOString().slice(0, 10) : null;
      await deps.mail.send({
        to: seller.email,
        ...build(
          deps,
          `You sold something, ${seller.name}!`,
          [
            `${tx.buyerName} paid ${money(tx.totalMinor)} for order ${ref}${tx.discountCode ? ` (your code ${tx.discountCode} took ${money(tx.discountMinor)} off the items)` : ''}. Ship it to: ${[a.name, a.line1, a.line2, a.city, a.region, a.postalCode, a.country].filter(Boolean).join(', ')}.`,
            `${shipBy ? `Ship it by ${shipBy} and` : 'When it is on its way,'} mark it shipped with the tracking number: your money is paid out then. A sale not shipped in time is cancelled and refunded.`,
          ],
          items,
          { label: 'Open the sale', path: `/sales/${tx.id}` },
          `New sale: order ${ref}`,
        ),
      });
      return;
    }
    case 'shipped': {
      const url = trackingUrl(tx.carrier, tx.trackingNumber);
      const carrier = (tx.carrier && CARRIERS[tx.carrier]?.name) || 'the carrier';
      await deps.mail.send({
        to: order.buyerEmail,
        ...build(
          deps,
          `Your order is on its way, ${order.buyerName}!`,
          [
            `${tx.sellerName} shipped your items from order ${ref} with ${carrier}. Tracking number: ${tx.trackingNumber ?? ''}.`,
            url
              ? `Follow the parcel: ${url}`
              : 'Use the tracking number on the carrier’s website to follow the parcel.',
            'When it arrives, tell other buyers how it went: leave feedback from your purchases.',
          ],
          items,
          { label: 'See your order', path: '/orders' },
          `Shipped: your order ${ref} from ${tx.sellerName}`,
        ),
      });
      return;
    }
    case 'sale_cancelled': {
      const why = tx.cancelReason ? ` Reason: ${tx.cancelReason}` : '';
      await deps.mail.send({
        to: order.buyerEmail,
        ...build(
          deps,
          `Part of your order was cancelled`,
          [
            `${tx.sellerName}'s part of order ${ref} was cancelled.${why}`,
            order.paidAt
              ? `You will be refunded ${money(tx.totalMinor)} to the card you paid with; banks take 5–10 business days to show it.`
              : 'You were not charged for it.',
          ],
          items,
          { label: 'See your order', path: '/orders' },
          `Cancelled: ${tx.sellerName}'s part of order ${ref}`,
        ),
      });
      if (seller) {
        await deps.mail.send({
          to: seller.email,
          ...build(
            deps,
            `A sale was cancelled`,
            [
              `Your sale to ${tx.buyerName} (order ${ref}) was cancelled.${why}`,
              order.paidAt
                ? `The buyer is refunded ${money(tx.totalMinor)}; the items are back in stock.`
                : 'The items are back in stock.',
            ],
            items,
            { label: 'Open the sale', path: `/sales/${tx.id}` },
            `Cancelled: order ${ref}`,
          ),
        });
      }
      return;
    }
  }
}

async function deliverCommerceMail(
  deps: ModuleDeps,
  payload: z.output<typeof commerceMailPayload>,
): Promise<void> {
  if (payload.mail === 'order_confirmation') {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, payload.id)).limit(1);
    if (order) await orderConfirmation(deps, order);
    return;
  }
  const [tx] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, payload.id))
    .limit(1);
  if (!tx) return;
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(inArray(orders.id, [tx.orderId]))
    .limit(1);
  if (order) await saleMail(deps, payload.mail, tx, order);
}
