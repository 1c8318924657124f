import { eq } from 'drizzle-orm';
import { addresses, orders, transactions } from '../../src/server/db/schema';
import {
  confirmLocalIntent,
  localPayments,
  markOrderPaid,
  ordersWithParts,
  placeOrder,
} from '../../src/server/modules/commerce';
import type { Order } from '../../src/shared/contracts/commerce';
import type { StoredAddress } from '../../src/shared/contracts/commerce-rules';
import type { TestApp } from '../helpers/app';

export const TEST_ADDRESS: StoredAddress = {
  name: 'Sam Buyer',
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '',
};

/** A saved address of `userId` (inserted directly: the address book's own calls are tested apart). */
export async function createTestAddress(
  t: TestApp,
  userId: string,
  address: Partial<StoredAddress> = {},
) {
  const [row] = await t.deps.database.db
    .insert(addresses)
    .values({ userId, address: { ...TEST_ADDRESS, ...address } })
    .returning();
  return row!;
}

export interface TestLine {
  productId: string;
  amount?: number;
  selectedVariations?: Record<string, string>;
}

/** An unpaid order of `buyerId` for the lines (through the module: real pricing and stock). */
export async function createTestOrder(
  t: TestApp,
  buyerId: string,
  lines: TestLine[],
): Promise<Order> {
  const address = await createTestAddress(t, buyerId);
  return placeOrder(t.moduleDeps(), buyerId, {
    items: lines.map((l) => ({
      _id: l.productId,
      amount: l.amount ?? 1,
      selectedVariations: l.selectedVariations ?? {},
    })),
    shippingAddressId: address.id,
  });
}

/** A paid order: placed, paid through the embedded driver's intent, mails and jobs queued. */
export async function createPaidOrder(
  t: TestApp,
  buyerId: string,
  lines: TestLine[],
): Promise<Order> {
  const order = await createTestOrder(t, buyerId, lines);
  const deps = t.moduleDeps();
  const intent = await localPayments(deps).createPaymentIntent({
    amountMinor: Math.round(order.grandTotal * 100),
    currency: order.currency,
    transferGroup: `order_${order._id}`,
    metadata: { orderId: order._id },
    idempotencyKey: `test-pay:${order._id}`,
  });
  await confirmLocalIntent(deps, intent.id, {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 5,
    cvc: '123',
  });
  await markOrderPaid(deps, {
    orderId: order._id,
    paymentIntentId: intent.id,
    amountMinor: intent.amountMinor,
  });
  return readTestOrder(t, order._id);
}

/**
 * Marks a part shipped directly (the ship call has its own tests): for tests of what comes after
 * shipment (feedback, payouts).
 */
export async function markTestShipped(
  t: TestApp,
  transactionId: string,
  trackingNumber = '9400100000000000000000',
) {
  await t.deps.database.db
    .update(transactions)
    .set({
      status: 'shipped',
      carrier: 'usps',
      trackingNumber,
      shippedAt: new Date(t.deps.now?.() ?? Date.now()),
    })
    .where(eq(transactions.id, transactionId));
}

/** An order as the API shows it now. */
export async function readTestOrder(t: TestApp, orderId: string): Promise<Order> {
  const db = t.deps.database.db;
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await ordersWithParts(db, rows);
  return order!;
}
