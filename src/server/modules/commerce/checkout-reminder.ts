import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { orderRef } from '../../../shared/contracts/commerce-rules';
import { formatMoney, optionsText } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { renderMail } from '../../adapters/mail/templates';
import { orderItems, orders, users, type OrderRow } from '../../db/schema';
import { quoteLines, type PricedLine } from '../catalog';
import { appOrigin, defineJob, enqueueJob, nowDate, type ModuleDeps } from '../core';
import { readNotificationSettings, unsubscribeLinks } from '../notifications';
import { makeCartLink } from './cart-link';
import { itemsOf } from './order-holds';

// A reminder for a checkout left behind (docs/decisions/075): when an unpaid order runs out of
// time (lifecycle-jobs.ts), its buyer gets one mail listing the items still for sale, with a
// signed cart link (cart-link.ts) that puts them back in the cart. Never more than one per order
// (orders.reminded_at is claimed before the mail goes out), never for an order the buyer
// cancelled (only the expiry queues it), and only when the buyer's email settings allow.

/**
 * How long after the expiry the reminder goes out: not while the buyer may still be at the
 * checkout placing the order again, and late enough to say what is still for sale.
 */
export const REMINDER_DELAY_MS = 60 * 60_000;

/** A reminder's cart link stays usable for a week (a seller domain's hand-over: 30 minutes). */
export const REMINDER_CART_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

const payload = z.object({ orderId: z.string() });

export const checkoutReminderJob = defineJob(
  'commerce.checkout-reminder',
  payload,
  sendCheckoutReminder,
);

/** In the transaction that lets an expired order go: its reminder, at most one queued. */
export function queueCheckoutReminder(deps: Pick<ModuleDeps, 'db' | 'now'>, orderId: string) {
  return enqueueJob(
    deps,
    checkoutReminderJob,
    { orderId },
    {
      runAt: new Date(deps.now() + REMINDER_DELAY_MS),
      dedupeKey: `${checkoutReminderJob.name}:${orderId}`,
    },
  );
}

/**
 * Claims the order's one reminder: true for exactly one caller, ever. Claimed before sending, so
 * a crash between the two loses a reminder rather than sending it twice.
 */
async function claim(deps: ModuleDeps, orderId: string): Promise<boolean> {
  const claimed = await deps.db
    .update(orders)
    .set({ remindedAt: nowDate(deps) })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), isNull(orders.remindedAt)))
    .returning({ id: orders.id });
  return claimed.length === 1;
}

/**
 * The order's lines that can still be bought, at most at the amount ordered: posts still listed
 * with units left, and not since ordered again by the buyer (a later order, unless cancelled).
 */
async function stillAvailable(deps: ModuleDeps, order: OrderRow, buyerId: string) {
  const lines = await itemsOf(deps, eq(orderItems.orderId, order.id));
  if (lines.length === 0) return [];
  const since = await deps.db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.buyerId, buyerId),
        gt(orders.createdAt, order.createdAt),
        ne(orders.status, 'cancelled'),
        inArray(
          orderItems.productId,
          lines.map((l) => l.productId),
        ),
      ),
    );
  const boughtAgain = new Set(since.map((r) => r.productId));
  const priced = await quoteLines(
    deps.db,
    buyerId,
    lines.filter((l) => !boughtAgain.has(l.productId)),
  );
  return priced.flatMap((line): PricedLine[] => {
    if (line.problem && line.problem !== 'stock') return [];
    const amount = Math.min(line.amount, line.available);
    return amount > 0 ? [{ ...line, amount }] : [];
  });
}

async function sendCheckoutReminder(
  deps: ModuleDeps,
  { orderId }: z.output<typeof payload>,
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order?.buyerId || order.status !== 'cancelled' || order.remindedAt) return;
  // Queued only by the expiry; checked again here so no other path can mail about an order the
  // buyer let go before its deadline.
  if (!order.cancelledAt || order.cancelledAt < order.expiresAt) return;
  const [buyer] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, order.buyerId));
  if (!buyer || buyer.status !== 'active') return;
  const settings = await readNotificationSettings(deps.db, buyer.id);
  if (!settings.checkoutReminder) return;
  const lines = await stillAvailable(deps, order, buyer.id);
  if (lines.length === 0 || !(await claim(deps, order.id))) return;

  const origin = appOrigin(deps);
  const cart = new URL('/checkout', origin);
  cart.searchParams.set(
    'cart',
    makeCartLink(
      deps,
      lines.map((l) => ({
        _id: l.productId,
        amount: l.amount,
        selectedVariations: l.selectedVariations,
      })),
      REMINDER_CART_LINK_TTL_MS,
    ),
  );
  const money = (minor: number) => formatMoney(toMajor(minor), order.currency);
  const { footerLinks, headers } = unsubscribeLinks(origin, deps.secret, buyer.id, [
    'checkoutReminder',
  ]);
  const brand = deps.env.BRAND_NAME;
  const mail = renderMail({
    brandName: brand,
    appUrl: origin,
    heading: `Your items are still here, ${buyer.name}`,
    paragraphs: [
      `Order ${orderRef(order.id)} was not paid in time, so it was cancelled and you were not charged.`,
      `${lines.length === 1 ? 'This item is' : 'These items are'} still available at today’s price. The button puts ${lines.length === 1 ? 'it' : 'them'} back in your cart (the link works for 7 days).`,
    ],
    items: lines.map((l) => {
      const options = optionsText(l.selectedVariations);
      return {
        text: `${l.amount} × ${l.title ?? ''}${options ? ` (${options})` : ''} — ${money(l.priceMinor * l.amount)}`,
      };
    }),
    action: { label: 'Put them back in my cart', url: cart.toString() },
    footer: `You are getting this email once, because an order you started at ${brand} expired.`,
    footerLinks,
  });
  try {
    await deps.mail.send({
      to: buyer.email,
      subject: `Still want them? Your order ${orderRef(order.id)} expired`,
      ...mail,
      headers,
    });
  } catch (err) {
    // Not sent: the claim is given back so the job's retry can send it (still at most once).
    await deps.db.update(orders).set({ remindedAt: null }).where(eq(orders.id, order.id));
    throw err;
  }
}
