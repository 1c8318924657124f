import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Order } from '../../../shared/contracts/commerce';
import {
  COMMERCE_LIMITS,
  orderRef,
  UNPAID_ORDER_STATUSES,
} from '../../../shared/contracts/commerce-rules';
import { formatDateTime } from '../../../shared/format';
import { orders, users, type OrderRow } from '../../db/schema';
import { invalidateCatalogStock } from '../catalog';
import { conflict, inTransaction, nowDate, type ModuleDeps } from '../core';
import { isUnpaid, lockOrder, markOrderPaid, orderNotFound } from './lifecycle';
import { releaseLockedOrder } from './order-holds';
import { ordersWithParts } from './rows';
import { paymentsOf } from './payments';

// How an unpaid order's holds on stock end before it is paid (docs/decisions/052): the buyer lets
// the order go, its deadline passes (lifecycle-jobs.ts), or an item in it stopped being for sale
// (pay.ts, lifecycle.ts). A member holds at most COMMERCE_LIMITS.unpaidOrdersMax unpaid orders.

/**
 * The buyer's orders still holding stock: unpaid and within their hold (an expired one waiting for
 * its job no longer counts). One definition for the count and for the refusal's list.
 */
const openOrdersOf = (buyerId: string, at: Date) =>
  and(
    eq(orders.buyerId, buyerId),
    inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
    gt(orders.expiresAt, at),
  );

export type ReleaseOutcome = 'cancelled' | 'paid' | 'not_unpaid';

/**
 * Ends an unpaid order's holds: its payment is cancelled with the provider first — if it turns
 * out to have succeeded meanwhile (a webhook still on its way) the order is marked paid instead
 * (and refunded, when its items are no longer for sale) — then, in one transaction, the order and
 * its parts are cancelled and their stock released. An order already paid or cancelled is left.
 */
export async function releaseUnpaidOrder(
  deps: ModuleDeps,
  order: OrderRow,
  reason: string,
  /** Runs in the cancelling transaction (the expiry queues its reminder there). */
  onCancelled?: (tx: ModuleDeps) => Promise<unknown>,
): Promise<ReleaseOutcome> {
  if (!isUnpaid(order)) return 'not_unpaid';
  if (order.paymentIntentId) {
    const intent = await paymentsOf(deps).cancelPaymentIntent(
      order.paymentIntentId,
      `cancel:${order.id}`,
    );
    if (intent.status === 'succeeded') {
      await markOrderPaid(deps, {
        orderId: order.id,
        paymentIntentId: intent.id,
        amountMinor: intent.amountMinor,
      });
      return 'paid';
    }
  }
  const sellers = await inTransaction(deps, async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || !isUnpaid(locked)) return null;
    const released = await releaseLockedOrder(tx, order.id, reason);
    await onCancelled?.(tx);
    return released;
  });
  // Stock came back: a soft change, as when it went.
  if (sellers?.length) invalidateCatalogStock(deps, sellers);
  return sellers ? 'cancelled' : 'not_unpaid';
}

const notCancellable = () =>
  conflict(
    'This order is paid, so it can no longer be cancelled here. Ask the seller to cancel their part: you are refunded in full.',
    'ORDER_NOT_CANCELLABLE',
  );

/**
 * POST /orders/cancel: the buyer lets one of their unpaid orders go; its items are back on sale
 * at once. Another member's order is not found (404, as an unknown id); a paid one is refused
 * (409); cancelling a cancelled order again answers the same.
 */
export async function cancelOwnOrder(
  deps: ModuleDeps,
  buyerId: string,
  orderId: string,
): Promise<Order> {
  const read = async () => {
    const [row] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
      .limit(1);
    if (!row) throw orderNotFound();
    return row;
  };
  const order = await read();
  const answer = async (row: OrderRow) => (await ordersWithParts(deps.db, [row]))[0]!;
  if (order.status === 'cancelled') return answer(order);
  if (!isUnpaid(order)) throw notCancellable();
  const outcome = await releaseUnpaidOrder(deps, order, 'Cancelled by the buyer.');
  const after = await read();
  if (outcome === 'paid' || (after.status !== 'cancelled' && !isUnpaid(after))) {
    throw notCancellable();
  }
  return answer(after);
}

/**
 * Inside placing an order's transaction, first: the buyer's row is locked (so two orders placed
 * at once by one member are counted one after the other, and a fifth can't slip in) and their
 * unpaid orders still holding stock are counted; at the limit the order is refused, naming the
 * open ones. Two statements when under the limit; the lock is the buyer's, never a post's.
 */
export async function refuseTooManyUnpaid(tx: ModuleDeps, buyerId: string): Promise<void> {
  const at = nowDate(tx);
  await tx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, buyerId))
    .for('no key update');
  // A statement of its own, after the lock: under READ COMMITTED it reads the orders committed by
  // whoever held the lock before (a count inside the locking statement would see its older snapshot).
  const [row] = await tx.db
    .select({ open: sql<number>`count(*)::int` })
    .from(orders)
    .where(openOrdersOf(buyerId, at));
  const max = COMMERCE_LIMITS.unpaidOrdersMax;
  if (!row || Number(row.open) < max) return;
  const open = await tx.db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(openOrdersOf(buyerId, at))
    .orderBy(asc(orders.createdAt));
  const named = open.map((o) => `${orderRef(o.id)} (${formatDateTime(o.createdAt.toISOString())})`);
  throw conflict(
    `You already have ${max} unpaid orders: ${named.join(', ')}. Pay or cancel one of them on your Purchases page before placing another.`,
    'TOO_MANY_UNPAID_ORDERS',
  );
}
