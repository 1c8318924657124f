import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { loadPostForEditing } from './editor-api';

const ID = '7f1e8a52-6a3c-4f7d-9a0b-2c4d6e8f0a1b';

/** An API client whose answers come from `routes` (path without /api/v1 → status and body). */
function clientAnswering(routes: Record<string, [number, unknown]>) {
  const calls: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    refresh: false,
    fetch: async (input) => {
      const url = new URL(String(input));
      const path = url.pathname.replace('/api/v1', '') + url.search;
      calls.push(path);
      const [status, body] = routes[path] ?? [404, { message: 'Not found' }];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, calls };
}

/** The status of what a loader threw (`data(message, { status })`). */
const statusOf = (thrownValue: unknown) =>
  (thrownValue as { init?: { status?: number } } | null)?.init?.status;

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('loadPostForEditing', () => {
  const post = { _id: ID, title: 'Lamp' };

  it('loads one of my posts with GET /products/mine?id=', async () => {
    const { client, calls } = clientAnswering({
      [`/products/mine?id=${ID}`]: [200, { products: [post], recordsCount: 1, totalProducts: 1 }],
    });
    await expect(loadPostForEditing(client, ID, false)).resolves.toEqual(post);
    expect(calls).toEqual([`/products/mine?id=${ID}`]);
  });

  it("lets an admin open someone else's post through GET /products/:id", async () => {
    const { client, calls } = clientAnswering({
      [`/products/mine?id=${ID}`]: [200, { products: [], recordsCount: 0, totalProducts: 0 }],
      [`/products/${ID}`]: [200, { product: post }],
    });
    await expect(loadPostForEditing(client, ID, true)).resolves.toEqual(post);
    expect(calls).toHaveLength(2);
  });

  it('answers 404 for an unknown or foreign post, 403 when refused, 500 otherwise', async () => {
    const empty = clientAnswering({
      [`/products/mine?id=${ID}`]: [200, { products: [], recordsCount: 0, totalProducts: 0 }],
    });
    const notMine = await thrown(loadPostForEditing(empty.client, ID, false));
    expect(statusOf(notMine)).toBe(404);

    const bad = clientAnswering({
      '/products/mine?id=nope': [400, { message: 'Must be a post id.' }],
    });
    const badId = await thrown(loadPostForEditing(bad.client, 'nope', false));
    expect(statusOf(badId)).toBe(404);

    const refused = clientAnswering({ [`/products/mine?id=${ID}`]: [403, { message: 'No.' }] });
    const forbidden = await thrown(loadPostForEditing(refused.client, ID, false));
    expect(statusOf(forbidden)).toBe(403);

    const down = clientAnswering({ [`/products/mine?id=${ID}`]: [503, { message: 'Down' }] });
    const failed = await thrown(loadPostForEditing(down.client, ID, false));
    expect(statusOf(failed)).toBe(500);
  });
});
