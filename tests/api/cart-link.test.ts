import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceApi } from '../../src/shared/api';
import { createTestApp, type TestApp } from '../helpers/app';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * The cart link (docs/decisions/050): a seller domain's cart carried to the marketplace's checkout
 * in a signed, 30-minute URL holding post ids, amounts and options only.
 */
let t: TestApp;
let postId: string;
beforeAll(async () => {
  t = await createTestApp();
  const seller = await signedInUser(t.deps, { name: 'Harbour Ceramics', plan: 'creator' });
  postId = (await createProduct(t, seller.user, { title: 'Sea-glass bowl', price: 24 }))._id;
}, 180_000);
afterAll(() => t?.close());

const make = (items: unknown) =>
  inject(t, {
    method: commerceApi.makeCartLink.method,
    url: `/api/v1${commerceApi.makeCartLink.path}`,
    payload: { items },
  });
const open = (cart: string) =>
  inject(t, {
    method: commerceApi.openCartLink.method,
    url: `/api/v1${commerceApi.openCartLink.path}?${new URLSearchParams({ cart }).toString()}`,
  });

async function linkFor(items: unknown): Promise<string> {
  const res = await make(items);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url);
  expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/checkout');
  return url.searchParams.get('cart')!;
}

const LINE = () => ({ _id: postId, amount: 2, selectedVariations: { Colour: 'Sea green' } });

describe('a cart link', () => {
  it('carries post ids, amounts and options only, signed', async () => {
    const cart = await linkFor([LINE()]);
    const [payload, signature] = cart.split('.');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(Object.keys(body).sort()).toEqual(['e', 'l']);
    expect(body.l).toEqual([[postId, 2, { Colour: 'Sea green' }]]);
  });

  it('opens into the lines as they can be bought now', async () => {
    const cart = await linkFor([{ _id: postId, amount: 1 }]);
    const res = await open(cart);
    expect(res.statusCode).toBe(200);
    const [line] = res.json().items;
    expect(line).toMatchObject({ _id: postId, amount: 1, title: 'Sea-glass bowl', price: 24 });
    expect(line.notice).toBeNull();
  });

  it('is refused when its lines were changed (more items, another post)', async () => {
    const cart = await linkFor([{ _id: postId, amount: 1 }]);
    const [payload, signature] = cart.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    body.l[0][1] = 50;
    const forged = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${'A'.repeat(22)}`, payload!, `${cart}.x`]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CART_LINK_INVALID' });
      expect(res.json().message).toMatch(/changed or is not one of ours/);
    }
  });

  it('expires after 30 minutes', async () => {
    const cart = await linkFor([{ _id: postId, amount: 1 }]);
    t.advanceTime(29 * 60_000);
    expect((await open(cart)).statusCode).toBe(200);
    t.advanceTime(2 * 60_000);
    const res = await open(cart);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/has expired/);
  });

  it('is not made for an empty or malformed cart', async () => {
    expect((await make([])).statusCode).toBe(400);
    expect((await make([{ _id: 'not-an-id', amount: 1 }])).statusCode).toBe(400);
    expect((await make([{ _id: postId, amount: 0 }])).statusCode).toBe(400);
  });
});
