import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { nextIp } from '../factories/accounts';

// The writes the backup tests make through the API while a backup is taken: posts with an
// uploaded photo, orders, deletions of posts (whose files a job then deletes).

export type Auth = Record<string, string>;

const photo = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
  .png()
  .toBuffer();

async function call(
  app: FastifyInstance,
  auth: Auth,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: { ...auth, ...headers },
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

let sequence = 0;

/** A published post with one uploaded photo (the editor's whole flow); its id once acknowledged. */
export async function postWithPhoto(app: FastifyInstance, auth: Auth): Promise<string> {
  sequence += 1;
  const created = await call(app, auth, 'PUT', '/api/v1/products', {
    title: `Backed-up post ${sequence}`,
    description: 'Written while a backup is taken.',
    price: 12,
    shippingCost: 3,
    stock: 1000,
  });
  const productId = created.json<{ product: { _id: string } }>().product._id;
  const target = (
    await call(
      app,
      auth,
      'GET',
      `/api/v1/get-s3-upload-url/png?cb=${sequence}&productId=${productId}`,
    )
  ).json<{ url: string; headers: Record<string, string>; key: string }>();
  await call(app, {}, 'PUT', target.url, await photo, target.headers);
  await call(app, auth, 'PUT', '/api/v1/products/media', { productId, key: target.key });
  return productId;
}

/**
 * An order for one unit of the post, which its buyer then lets go (a member holds at most three
 * unpaid orders, and the backup test wants many): its id once both writes are acknowledged.
 */
export async function orderOf(
  app: FastifyInstance,
  auth: Auth,
  productId: string,
  shippingAddressId: string,
): Promise<string> {
  const res = await call(app, auth, 'POST', '/api/v1/orders', {
    items: [{ _id: productId, amount: 1, selectedVariations: {} }],
    shippingAddressId,
  });
  const id = res.json<{ order: { _id: string } }>().order._id;
  await call(app, auth, 'POST', '/api/v1/orders/cancel', { id });
  return id;
}

export async function deletePost(
  app: FastifyInstance,
  auth: Auth,
  productId: string,
): Promise<void> {
  await call(app, auth, 'DELETE', `/api/v1/products?id=${productId}`);
}
