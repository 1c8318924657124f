import { signedInUser, inject } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, markTestShipped } from '../../factories/commerce';
import type { TestApp } from '../../helpers/app';

// Cast and calls shared by the feedback tests: sellers with a post each, a buyer, paid orders.

export type Member = Awaited<ReturnType<typeof signedInUser>>;

export async function sellerWithPost(t: TestApp, name: string, price = 20) {
  const seller = await signedInUser(t.deps, { name, accountType: 'seller' });
  const post = await createProduct(
    t,
    { id: seller.user.id, role: 'user' },
    { title: `${name}'s lamp`, price, shippingCost: 5, stock: 20 },
  );
  return { ...seller, post };
}

/** A paid order of `buyer` for one of each post; its parts shipped when `shipped`. */
export async function purchase(
  t: TestApp,
  buyer: Member,
  postIds: string[],
  { shipped = true } = {},
) {
  const order = await createPaidOrder(
    t,
    buyer.user.id,
    postIds.map((productId) => ({ productId })),
  );
  if (shipped) for (const part of order.transactions) await markTestShipped(t, part._id);
  return order;
}

export const leave = (t: TestApp, who: Member | null, body: unknown) =>
  inject(t, {
    method: 'POST',
    url: '/api/v1/products/feedback',
    headers: who ? who.auth : {},
    payload: body as Record<string, unknown>,
  });

export const listFeedbacks = (t: TestApp, query: Record<string, string | number>) =>
  inject(t, {
    method: 'GET',
    url: `/api/v1/feedbacks?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    )}`,
  });
