import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolvePageSession } from '../../src/server/http/api/session';
import { createPageContext } from '../../src/server/http/pages/page-context';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import type { EndpointDef } from '../../src/shared/api/endpoint';
import { ApiError, createApiClient } from '../../src/web/lib/api-client';
import { createTestApp, type TestApp } from '../helpers/app';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * Loaders reach the API's reads without HTTP (docs/decisions/046): the same handler, access rule
 * and schemas, and the same answers and errors as the in-process HTTP call (app.inject) they
 * replace. A probe page builds the load context a render builds and makes each call both ways.
 */
let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;

/** A call of the probe: the endpoint and its input, by name (the probe runs on the server). */
const CALLS: Record<string, [EndpointDef, object]> = {
  list: [catalogApi.products, { query: { page: 1, sort: 'most_liked', limit: 8 } }],
  tags: [catalogApi.tags, {}],
  featured: [catalogApi.featuredSellers, { query: { limit: 6 } }],
  unknownPost: [catalogApi.product, { params: { id: randomUUID() } }],
  badId: [catalogApi.product, { params: { id: 'not-an-id' } }],
  mine: [catalogApi.myProducts, { query: { page: 1, limit: 5 } }],
  adminList: [catalogApi.adminProducts, { query: { page: 1 } }],
  me: [accountsApi.me, {}],
};

type Outcome = { data: unknown } | { error: { status: number; message: string; code?: string; details?: unknown } };

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { data: await run() };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { error: { status: err.status, message: err.message, code: err.code, details: err.details } };
  }
}

beforeAll(async () => {
  t = await createTestApp({}, {}, {
    web: async (app) => {
      const resolveSession = resolvePageSession(app);
      app.get<{ Querystring: { call: string } }>('/probe', async (request, reply) => {
        const context = await createPageContext(app, request, reply, resolveSession);
        const [endpoint, input] = CALLS[request.query.call]!;
        const viaHttp = createApiClient({ fetch: context.apiFetch, refresh: false });
        const direct = createApiClient({ fetch: context.apiFetch, refresh: false, direct: context.apiDirect });
        const injects = vi.spyOn(app, 'inject');
        try {
          const directly = await outcome(() => direct.call(endpoint, input as never));
          const directInjects = injects.mock.calls.length;
          const overHttp = await outcome(() => viaHttp.call(endpoint, input as never));
          return { directly, overHttp, directInjects };
        } finally {
          injects.mockRestore();
        }
      });
    },
  });
  seller = await signedInUser(t.deps, { username: 'direct-seller' });
  for (let i = 1; i <= 3; i++) await createProduct(t, seller.user, { title: `Direct ${i}`, _tags: ['direct'] });
}, 180_000);
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const probe = async (call: keyof typeof CALLS, cookie?: string) => {
  const res = await inject(t, { url: `/probe?call=${call}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as { directly: Outcome; overHttp: Outcome; directInjects: number };
};

describe('a loader’s direct call of a read', () => {
  it.each(['list', 'tags', 'featured'] as const)('answers %s as HTTP does, without inject', async (call) => {
    const { directly, overHttp, directInjects } = await probe(call);
    expect(directInjects).toBe(0);
    expect(directly).toEqual(overHttp);
    expect(directly).toHaveProperty('data');
  });

  it('answers a signed-in caller’s own reads with their identity', async () => {
    for (const call of ['mine', 'me'] as const) {
      const { directly, overHttp, directInjects } = await probe(call, `token=${seller.token}`);
      expect(directInjects).toBe(0);
      expect(directly).toEqual(overHttp);
      expect(JSON.stringify(directly)).toContain('direct-seller');
    }
  });

  it('gives the same 404 as HTTP for a post that does not exist', async () => {
    const { directly, overHttp, directInjects } = await probe('unknownPost');
    expect(directInjects).toBe(0);
    expect(directly).toEqual(overHttp);
    expect(directly).toMatchObject({ error: { status: 404, code: 'PRODUCT_NOT_FOUND' } });
  });

  it('refuses like HTTP: 401 for a visitor, 403 for a member on an admin read', async () => {
    const anonymous = await probe('mine');
    expect(anonymous.directInjects).toBe(0);
    expect(anonymous.directly).toEqual(anonymous.overHttp);
    expect(anonymous.directly).toMatchObject({ error: { status: 401, code: 'UNAUTHORIZED' } });

    const member = await probe('adminList', `token=${seller.token}`);
    expect(member.directInjects).toBe(0);
    expect(member.directly).toEqual(member.overHttp);
    expect(member.directly).toMatchObject({ error: { status: 403, code: 'FORBIDDEN' } });
  });

  it('leaves input HTTP would refuse to HTTP, with its words', async () => {
    const { directly, overHttp, directInjects } = await probe('badId');
    expect(directInjects).toBe(1);
    expect(directly).toEqual(overHttp);
    expect(directly).toMatchObject({ error: { status: 400, code: 'VALIDATION_ERROR' } });
  });

  it('registers reads only: writes, rate-limited and multipart routes stay on HTTP', () => {
    const direct = [...t.app.directRoutes.keys()];
    expect(direct).toContain(`GET ${catalogApi.products.path}`);
    expect(direct).not.toContain(`GET ${catalogApi.search.path}`);
    expect(direct.every((key) => key.startsWith('GET '))).toBe(true);
  });
});
