import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  ledgerEntries,
  products,
  sellerAccounts,
  transactions,
} from '../../../src/server/db/schema';
import type { ProductInput } from '../../../src/shared/contracts/catalog';
import type { TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, type TestLine } from '../../factories/commerce';

// What the orders and sales API tests share: members, paid orders, calls and row reads.

export type Member = Awaited<ReturnType<typeof signedInUser>>;

/** A signed-in seller with one published post. */
export async function sellerWithPost(t: TestApp, input: Partial<ProductInput> = {}) {
  const seller = await signedInUser(t.deps, { accountType: 'seller' });
  const post = await createProduct(t, seller.user, {
    price: 20,
    shippingCost: 5,
    stock: 5,
    ...input,
  });
  return { seller, post };
}

/** A buyer who paid for `lines`, and the order as the module returned it. */
export async function paidBy(t: TestApp, buyer: Member, lines: TestLine[]) {
  return createPaidOrder(t, buyer.user.id, lines);
}

/** A paid sale: a seller, a buyer, the post, the order and the seller's part of it. */
export async function paidSale(t: TestApp, input: Partial<ProductInput> = {}, amount = 1) {
  const { seller, post } = await sellerWithPost(t, input);
  const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
  const order = await paidBy(t, buyer, [{ productId: post._id, amount }]);
  return { seller, buyer, post, order, saleId: order.transactions[0]!._id };
}

export const get = (t: TestApp, who: Member | null, url: string) =>
  inject(t, { method: 'GET', url: `/api/v1${url}`, headers: who?.auth ?? {} });

export const send = (
  t: TestApp,
  who: Member | null,
  method: 'PUT' | 'POST',
  url: string,
  payload: object,
) => inject(t, { method, url: `/api/v1${url}`, headers: who?.auth ?? {}, payload });

export const ship = (t: TestApp, who: Member, id: string, trackingNumber = '9400 1000 0000 0000') =>
  send(t, who, 'PUT', '/transactions', { id, trackingNumber, carrier: 'usps' });

export const cancel = (t: TestApp, who: Member, id: string, reason = '') =>
  send(t, who, 'POST', '/transactions/cancel', { id, reason });

/** The error body's status, code and message (what the client shows). */
export const refusal = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  code: (res.json() as { code?: string }).code,
});

export async function saleRow(t: TestApp, id: string) {
  const [row] = await t.deps.database.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.deps.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export function ledgerOf(t: TestApp, saleId: string) {
  return t.deps.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, saleId));
}

/** A payout account that can receive money (as finishing onboarding leaves it). */
export async function readyPayoutAccount(t: TestApp, userId: string) {
  await t.deps.database.db.insert(sellerAccounts).values({
    userId,
    provider: 'local',
    accountId: `acct_test_${userId.replace(/-/g, '').slice(0, 16)}`,
    detailsSubmitted: true,
    payoutsEnabled: true,
  });
}

/** Mail sent to `to` so far (runs due jobs first). */
export async function mailTo(t: TestApp, to: string) {
  return (await t.outbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}
