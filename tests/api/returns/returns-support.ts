import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ledgerEntries, sellerAccounts } from '../../../src/server/db/schema';
import { queuePayout } from '../../../src/server/modules/commerce';
import type { TestApp } from '../../helpers/app';
import { inject, nextIp, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, markTestShipped } from '../../factories/commerce';
import { multipartForm, pngPart, type FormFile } from '../../factories/messages';

// What the return request tests share: a shipped sale, the calls, the ledger of a part.

export type Member = Omit<Awaited<ReturnType<typeof signedInUser>>, 'auth'> & {
  auth: Record<string, string>;
};

/** A paid, shipped sale of one post (2 × 20 + 5 shipping each, 10% tax = 55.00; Free plan fee 5%). */
export async function shippedSale(
  t: TestApp,
  options: { paidOut?: boolean; ready?: boolean } = {},
) {
  const seller = await signedInUser(t.deps, { accountType: 'seller' });
  const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
  const post = await createProduct(t, seller.user, { price: 20, shippingCost: 5, stock: 5 });
  const order = await createPaidOrder(t, buyer.user.id, [{ productId: post._id, amount: 2 }]);
  const partId = order.transactions[0]!._id;
  await markTestShipped(t, partId);
  if (options.paidOut) {
    await readyAccount(t, seller.user.id);
    await queuePayout(t.moduleDeps(), partId);
    await t.runJobs();
  }
  return { seller, buyer, order, partId };
}

export async function readyAccount(t: TestApp, userId: string) {
  await t.deps.database.db
    .insert(sellerAccounts)
    .values({
      userId,
      provider: 'local',
      accountId: `acct_test_${userId.replace(/-/g, '').slice(0, 16)}`,
      detailsSubmitted: true,
      payoutsEnabled: true,
    })
    .onConflictDoNothing();
}

export const call = (
  t: TestApp,
  who: Member | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) =>
  inject(t, {
    method,
    url: `/api/v1${url}`,
    headers: who?.auth ?? {},
    ...(payload ? { payload } : {}),
  });

export const openReturn = (
  t: TestApp,
  buyer: Member,
  transactionId: string,
  input: { reason?: string; message?: string } = {},
) =>
  call(t, buyer, 'POST', '/returns', {
    transactionId,
    reason: input.reason ?? 'damaged',
    message: input.message ?? 'The mug arrived in pieces.',
  });

/** POST /returns as multipart: the `request` JSON field and `photo` files. */
export async function openReturnWithPhotos(
  t: TestApp,
  buyer: Member,
  request: Record<string, unknown>,
  photos: FormFile[],
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartForm(
    { request: JSON.stringify(request) },
    photos,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/returns',
    remoteAddress: nextIp(),
    headers: { ...buyer.auth, 'content-type': contentType },
    payload,
  });
}

export async function photo(): Promise<FormFile> {
  return { ...(await pngPart(80, 60)), name: 'photo' };
}

export function ledgerOf(t: TestApp, partId: string) {
  return t.deps.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, partId));
}

export const DAY = 24 * 3600_000;
