import { and, eq } from 'drizzle-orm';
import type { CardInput } from '../../../shared/card';
import type { PaymentIntentResponse } from '../../../shared/contracts/commerce';
import { toMajor } from '../../../shared/money';
import { orders, transactions, type OrderRow } from '../../db/schema';
import { conflict, inTransaction, nowDate, type ModuleDeps } from '../core';
import { creditMetadata } from '../insights';
import { orderNotFound, payLockedOrder, recordPaymentFailure } from './lifecycle';
import { unsellableItem } from './order-holds';
import { confirmLocalIntent, declineError, paymentNotFound, paymentsOf } from './payments';
import { releaseUnpaidOrder } from './unpaid-orders';

// Paying an order (DESIGN §4 POST /payment-intent, POST /payments/local/confirm): one payment
// intent per order, reused by every attempt, and a confirmation that can be sent twice without
// charging twice.

const alreadyPaid = () => conflict('This order is already paid.', 'ALREADY_PAID');
const notPayable = (why: string) =>
  conflict(`${why} Place the order again from your cart.`, 'ORDER_NOT_PAYABLE');

/**
 * An item of the order stopped being for sale after it was ordered (ADR 052): the order is
 * cancelled and its holds released (nothing is charged), then the buyer is told why. Called after
 * the paying transaction ended: releasing cancels the payment with the provider first.
 */
async function refuseUnsellable(deps: ModuleDeps, orderId: string, why: string): Promise<never> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (order) await releaseUnpaidOrder(deps, order, why);
  throw conflict(
    `${why} So this order was cancelled and everything it held was released; nothing was charged. Order the other items again from your cart.`,
    'ORDER_ITEM_UNAVAILABLE',
  );
}

/** Why an order cannot take a payment now, or null when it can. */
function refusal(order: OrderRow, now: number, provider: string) {
  if (order.status === 'paid' || order.status === 'shipped') return alreadyPaid();
  if (order.expiresAt.getTime() <= now)
    return notPayable('This order expired before it was paid, so its items were released.');
  // Within its hold: its buyer let it go, or an item stopped being for sale (ADR 052).
  if (order.status === 'cancelled')
    return notPayable('This order was cancelled, so its items were released.');
  if (order.paymentProvider !== provider)
    return notPayable('This order was placed with another payment provider.');
  return null;
}

/** The caller's order, locked for the rest of the transaction; another's is not found. */
async function lockOwnOrder(deps: Pick<ModuleDeps, 'db'>, buyerId: string, orderId: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .for('update');
  if (!order) throw orderNotFound();
  return order;
}

/**
 * POST /payment-intent: the payment intent of one of the buyer's unpaid orders, created on the
 * first call (idempotency key `pi:{orderId}`, so even a retried call the provider already saw
 * makes no second intent) and the same one on every call after. The order row is locked while
 * this happens, so two tabs asking at once get the same intent.
 */
export async function startPayment(
  deps: ModuleDeps,
  buyerId: string,
  orderId: string,
): Promise<PaymentIntentResponse> {
  type Started = { gone: string } | { gone: null; answer: PaymentIntentResponse };
  const started = await inTransaction(deps, async (tx): Promise<Started> => {
    const order = await lockOwnOrder(tx, buyerId, orderId);
    const driver = paymentsOf(tx);
    const refused = refusal(order, nowDate(deps).getTime(), driver.provider);
    if (refused) throw refused;
    const gone = await unsellableItem(tx, order.id);
    if (gone) return { gone };
    const intent = order.paymentIntentId
      ? await driver.retrievePaymentIntent(order.paymentIntentId)
      : await driver.createPaymentIntent({
          amountMinor: order.grandTotalMinor,
          currency: order.currency,
          transferGroup: `order_${order.id}`,
          // What each seller's part is credited to, for whoever reads the payment (ADR 071).
          metadata: { orderId: order.id, buyerId, attribution: await partCredits(tx, order.id) },
          idempotencyKey: `pi:${order.id}`,
        });
    if (intent.status === 'succeeded') throw alreadyPaid();
    if (!order.paymentIntentId)
      await tx.db
        .update(orders)
        .set({ paymentIntentId: intent.id, updatedAt: nowDate(deps) })
        .where(eq(orders.id, order.id));
    const answer = {
      provider: driver.provider,
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: toMajor(intent.amountMinor),
      currency: order.currency,
      publishableKey: driver.publishableKey,
    };
    return { gone: null, answer };
  });
  if (started.gone !== null) return refuseUnsellable(deps, orderId, started.gone);
  return started.answer;
}

/**
 * POST /payments/local/confirm (embedded driver only): pays the buyer's order with a card, as
 * Stripe's test mode would. A success marks the order paid in the same transaction; a repeat of a
 * success answers the same without charging again; a decline is recorded on the order and
 * committed before the 402 goes out, so the buyer's orders page shows why.
 */
export async function confirmLocalPayment(
  deps: ModuleDeps,
  buyerId: string,
  input: { paymentIntentId: string; card: CardInput },
): Promise<{ status: 'succeeded'; orderId: string }> {
  if (deps.payments) {
    throw conflict(
      'Card payments go through Stripe here: pay with the payment form on the checkout page.',
      'WRONG_PAYMENT_PROVIDER',
    );
  }
  const outcome = await inTransaction(deps, async (tx) => {
    // The order is read once, locked, and that row is what paying it works from (ADR 047).
    const [order] = await tx.db
      .select()
      .from(orders)
      .where(and(eq(orders.paymentIntentId, input.paymentIntentId), eq(orders.buyerId, buyerId)))
      .for('update');
    if (!order) throw paymentNotFound();
    const refused = refusal(order, nowDate(deps).getTime(), 'local');
    // A paid order confirmed again (a double submit) answers like the first confirmation.
    if (refused && refused.code !== 'ALREADY_PAID') throw refused;
    // Checked before the card is charged: an item no longer for sale makes no sale (ADR 052).
    const gone = refused ? null : await unsellableItem(tx, order.id);
    if (gone) return { gone, orderId: order.id };
    const result = await confirmLocalIntent(tx, input.paymentIntentId, input.card);
    if (result.outcome === 'declined') {
      await recordPaymentFailure(tx, order.id, result.message);
      return { declined: result, orderId: order.id };
    }
    await payLockedOrder(
      tx,
      order,
      { paymentIntentId: result.intent.id, amountMinor: result.intent.amountMinor },
      true,
    );
    return { declined: null, orderId: order.id };
  });
  if (outcome.gone) return refuseUnsellable(deps, outcome.orderId, outcome.gone);
  if (outcome.declined) throw declineError(outcome.declined.code, outcome.declined.message);
  return { status: 'succeeded', orderId: outcome.orderId };
}

/** The order's parts' credits as one metadata value (`seller:source:post:link …`). */
async function partCredits(deps: ModuleDeps, orderId: string): Promise<string> {
  const parts = await deps.db.select().from(transactions).where(eq(transactions.orderId, orderId));
  return creditMetadata(parts);
}
