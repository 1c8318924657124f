import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountsApi } from '../../src/shared/api/accounts';
import { endpoint } from '../../src/shared/api/endpoint';
import {
  ApiError,
  createApiClient,
  isSessionExpired,
  readCookie,
} from '../../src/web/lib/api-client';

/** Endpoints of this test server, described as the shared catalogue describes the real ones. */
const doc = { summary: 'test', tags: ['test'] } as const;
const protectedCall = endpoint({
  ...doc,
  method: 'GET',
  path: '/protected',
  response: z.object({ ok: z.boolean(), query: z.unknown() }),
});
const protectedSearch = endpoint({
  ...protectedCall,
  query: z.object({
    page: z.number().optional(),
    q: z.string().optional(),
    empty: z.string().optional(),
  }),
});
const echo = endpoint({
  ...doc,
  method: 'PUT',
  path: '/echo',
  body: z.object({ a: z.number() }),
  response: z.object({ body: z.unknown() }),
});
const thing = endpoint({
  ...doc,
  method: 'GET',
  path: '/things/:id',
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string() }),
});
const broken = endpoint({ ...doc, method: 'GET', path: '/broken', response: z.unknown() });
const login = { body: { email: 'x', password: 'y' } };

/**
 * The API client against a real Fastify server on loopback, with a cookie jar standing in for the
 * browser: the server rotates tokens through Set-Cookie exactly as the accounts API does.
 */
let server: FastifyInstance;
let baseUrl: string;
let validAccess = 'access-1';
let validRefresh = 'refresh-1';
let refreshCalls = 0;
let refreshWorks = true;
let protectedCalls = 0;

beforeAll(async () => {
  server = Fastify();
  await server.register(cookie);
  server.get('/api/v1/protected', async (req, reply) => {
    protectedCalls++;
    if (req.headers['x-access-token'] !== validAccess)
      return reply.code(401).send({ message: 'expired', code: 'UNAUTHORIZED' });
    return { ok: true, query: req.query };
  });
  server.post('/api/v1/login', async (_req, reply) =>
    reply.code(401).send({ message: 'The email/username or password is incorrect.' }),
  );
  server.post('/api/v1/token', async (req, reply) => {
    refreshCalls++;
    if (!refreshWorks || req.cookies.refreshToken !== validRefresh)
      return reply.code(401).send({ message: 'Please log in again.' });
    validAccess = `access-${refreshCalls + 1}`;
    validRefresh = `refresh-${refreshCalls + 1}`;
    reply
      .setCookie('token', validAccess, { path: '/' })
      .setCookie('refreshToken', validRefresh, { path: '/', httpOnly: true });
    return { token: validAccess, refreshToken: validRefresh };
  });
  server.put('/api/v1/echo', async (req) => ({ body: req.body }));
  server.get<{ Params: { id: string } }>('/api/v1/things/:id', async (req, reply) =>
    reply.header('set-cookie', 'seen=1; Path=/').send({ id: req.params.id }),
  );
  server.get('/api/v1/broken', async (_req, reply) =>
    reply.code(502).type('text/html').send('<h1>bad gateway</h1>'),
  );
  baseUrl = `${await server.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
});
afterAll(() => server.close());

/** A browser-like cookie jar around fetch. */
function browser(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    }
    return res;
  };
  const cookieString = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { jar, fetch: jarFetch, getToken: () => readCookie(cookieString(), 'token') };
}

beforeEach(() => {
  validAccess = 'access-1';
  validRefresh = 'refresh-1';
  refreshCalls = 0;
  protectedCalls = 0;
  refreshWorks = true;
});

describe('api client', () => {
  it('sends x-access-token from the token cookie and builds the query string', async () => {
    const b = browser({ token: 'access-1', refreshToken: 'refresh-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    const res = await api.call(protectedSearch, { query: { page: 2, q: 'a b', empty: undefined } });
    expect(res).toEqual({ ok: true, query: { page: '2', q: 'a b' } });
    expect(refreshCalls).toBe(0);
  });

  it('on a 401 refreshes once through POST /token, stores the new cookies and retries', async () => {
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    await expect(api.call(protectedCall, {})).resolves.toMatchObject({ ok: true });
    expect(refreshCalls).toBe(1);
    expect(protectedCalls).toBe(2);
    expect(b.jar.get('token')).toBe('access-2');
    expect(b.jar.get('refreshToken')).toBe('refresh-2');
  });

  it('shares one refresh between concurrent 401s', async () => {
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    const results = await Promise.all([
      api.call(protectedCall, {}),
      api.call(protectedCall, {}),
      api.call(protectedCall, {}),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(refreshCalls).toBe(1);
  });

  it('when the refresh fails, reports the expired session once and throws', async () => {
    refreshWorks = false;
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const expired: ApiError[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: b.fetch,
      getToken: b.getToken,
      onSessionExpired: (e) => void expired.push(e),
    });
    const err = await api.call(protectedCall, {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, sessionExpired: true });
    expect(isSessionExpired(err)).toBe(true);
    expect(expired).toHaveLength(1);
    expect(protectedCalls).toBe(1);
  });

  it('a background read whose session has ended fails quietly: no expired-session report', async () => {
    refreshWorks = false;
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const expired: ApiError[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: b.fetch,
      getToken: b.getToken,
      onSessionExpired: (e) => void expired.push(e),
    });
    const err = await api.call(protectedCall, {}, { background: true }).catch((e: unknown) => e);
    expect(isSessionExpired(err)).toBe(true);
    expect(expired).toHaveLength(0);
    // The member's own next call still reports it.
    await api.call(protectedCall, {}).catch(() => undefined);
    expect(expired).toHaveLength(1);
  });

  it('marks only session-ending errors as expired', async () => {
    const b = browser({});
    const api = createApiClient({ baseUrl, fetch: b.fetch });
    const err = await api.call(accountsApi.login, login).catch((e: unknown) => e);
    expect(isSessionExpired(err)).toBe(false);
    expect(isSessionExpired(new Error('x'))).toBe(false);
  });

  it('sends uploads through the progress transport, and retries them after a refresh', async () => {
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const transported: string[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: b.fetch,
      getToken: b.getToken,
      // Stands in for the XMLHttpRequest transport: same request, progress reported midway.
      uploadFetch: async (url, init, onProgress) => {
        transported.push(`${init.method} ${init.headers['x-access-token']}`);
        onProgress(0.5);
        const res = await b.fetch(url, init);
        onProgress(1);
        return res;
      },
    });
    const progress: number[] = [];
    await expect(
      api.call(protectedCall, {}, { onUploadProgress: (f) => progress.push(f) }),
    ).resolves.toMatchObject({ ok: true });
    expect(transported).toEqual(['GET stale', 'GET access-2']);
    expect(progress).toEqual([0, 0.5, 1, 0, 0.5, 1]);
    expect(refreshCalls).toBe(1);
  });

  it('without a progress transport, reports 0 then 1 around a plain fetch', async () => {
    const b = browser({ token: 'access-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    const progress: number[] = [];
    await api.call(protectedCall, {}, { onUploadProgress: (f) => progress.push(f) });
    expect(progress).toEqual([0, 1]);
  });

  it('never refreshes for /login: its 401 is the server message', async () => {
    const b = browser({});
    const expired: unknown[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: b.fetch,
      getToken: b.getToken,
      onSessionExpired: (e) => void expired.push(e),
    });
    const err = await api.call(accountsApi.login, login).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('The email/username or password is incorrect.');
    expect(refreshCalls).toBe(0);
    expect(expired).toHaveLength(0);
  });

  it('sends JSON bodies and falls back to a default message for non-JSON errors', async () => {
    const b = browser({});
    const api = createApiClient({ baseUrl, fetch: b.fetch, fallbackMessage: 'Default text' });
    await expect(api.call(echo, { body: { a: 1 } })).resolves.toEqual({ body: { a: 1 } });
    await expect(api.call(broken, {})).rejects.toMatchObject({
      status: 502,
      message: 'Default text',
    });
  });

  it('fills and encodes path parameters; exchange() also gives the response headers', async () => {
    const api = createApiClient({ baseUrl, fetch: browser({}).fetch });
    await expect(api.call(thing, { params: { id: 'a b/c' } })).resolves.toEqual({ id: 'a b/c' });
    const { data, headers } = await api.exchange(thing, { params: { id: '7' } });
    expect(data).toEqual({ id: '7' });
    expect(headers.getSetCookie()).toEqual(['seen=1; Path=/']);
  });

  it('with refresh off (the server client), a 401 is final: no POST /token', async () => {
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const expired: unknown[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: b.fetch,
      getToken: b.getToken,
      refresh: false,
      onSessionExpired: (e) => void expired.push(e),
    });
    const err = await api.call(protectedCall, {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, message: 'expired', code: 'UNAUTHORIZED' });
    expect(isSessionExpired(err)).toBe(false);
    expect(refreshCalls).toBe(0);
    expect(protectedCalls).toBe(1);
    expect(expired).toHaveLength(0);
  });
});

describe('readCookie', () => {
  it('finds a cookie by name and decodes it', () => {
    expect(readCookie('a=1; token=x%3Dy; b=2', 'token')).toBe('x=y');
    expect(readCookie('a=1', 'token')).toBeUndefined();
  });
});
