import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('PUT /products', () => {
  it('creates a published post with money in major units and normalised tags', async () => {
    const { token } = await signedInUser(t.deps);
    const res = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: { 'x-access-token': token },
      payload: {
        title: 'Vintage jacket',
        description: 'Brown leather',
        price: 49.9,
        shippingCost: 5,
        stock: 2,
        _tags: ['Fashion', ' vintage  style', 'fashion'],
        variations: [
          { name: 'Size', options: [{ name: 'M' }, { name: 'L', priceDelta: 2.5, stock: 1 }] },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product).toMatchObject({
      title: 'Vintage jacket',
      price: 49.9,
      shippingCost: 5,
      status: 'published',
      soldOut: false,
      _tags: ['fashion', 'vintage style'],
      likesType: 'product',
      medias: [],
    });
    expect(product.variations[0].options[1]).toEqual({ name: 'L', priceDelta: 2.5, stock: 1 });
  });

  it("refuses another user's post with 403 and leaves it unchanged", async () => {
    const owner = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    const created = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: { 'x-access-token': owner.token },
      payload: { title: 'Mine', price: 10 },
    });
    const id = created.json().product._id;
    const res = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: { 'x-access-token': other.token },
      payload: { _id: id, title: 'Stolen', price: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/your own posts/);
  });

  it('refuses negative prices with a message', async () => {
    const { token } = await signedInUser(t.deps);
    const res = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: { 'x-access-token': token },
      payload: { title: 'Bad', price: -1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/price/);
  });
});
