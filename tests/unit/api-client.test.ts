import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isSessionExpired, readCookie } from '../../src/web/lib/api-client';

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
    if (req.headers['x-access-token'] !== validAccess) return reply.code(401).send({ message: 'expired', code: 'UNAUTHORIZED' });
    return { ok: true, query: req.query };
  });
  server.post('/api/v1/login', async (_req, reply) => reply.code(401).send({ message: 'The email/username or password is incorrect.' }));
  server.post('/api/v1/token', async (req, reply) => {
    refreshCalls++;
    if (!refreshWorks || req.cookies.refreshToken !== validRefresh) return reply.code(401).send({ message: 'Please log in again.' });
    validAccess = `access-${refreshCalls + 1}`;
    validRefresh = `refresh-${refreshCalls + 1}`;
    reply.setCookie('token', validAccess, { path: '/' }).setCookie('refreshToken', validRefresh, { path: '/', httpOnly: true });
    return { token: validAccess, refreshToken: validRefresh };
  });
  server.put('/api/v1/echo', async (req) => ({ body: req.body }));
  server.get('/api/v1/broken', async (_req, reply) => reply.code(502).type('text/html').send('<h1>bad gateway</h1>'));
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
    const res = await api.get<{ ok: boolean; query: unknown }>('/protected', { query: { page: 2, q: 'a b', empty: undefined } });
    expect(res).toEqual({ ok: true, query: { page: '2', q: 'a b' } });
    expect(refreshCalls).toBe(0);
  });

  it('on a 401 refreshes once through POST /token, stores the new cookies and retries', async () => {
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    await expect(api.get('/protected')).resolves.toMatchObject({ ok: true });
    expect(refreshCalls).toBe(1);
    expect(protectedCalls).toBe(2);
    expect(b.jar.get('token')).toBe('access-2');
    expect(b.jar.get('refreshToken')).toBe('refresh-2');
  });

  it('shares one refresh between concurrent 401s', async () => {
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    const results = await Promise.all([api.get('/protected'), api.get('/protected'), api.get('/protected')]);
    expect(results.every((r) => (r as { ok: boolean }).ok)).toBe(true);
    expect(refreshCalls).toBe(1);
  });

  it('when the refresh fails, reports the expired session once and throws', async () => {
    refreshWorks = false;
    const b = browser({ token: 'stale', refreshToken: 'refresh-1' });
    const expired: ApiError[] = [];
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken, onSessionExpired: (e) => void expired.push(e) });
    const err = await api.get('/protected').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, sessionExpired: true });
    expect(isSessionExpired(err)).toBe(true);
    expect(expired).toHaveLength(1);
    expect(protectedCalls).toBe(1);
  });

  it('marks only session-ending errors as expired', async () => {
    const b = browser({});
    const api = createApiClient({ baseUrl, fetch: b.fetch });
    const err = await api.post('/login', { email: 'x', password: 'y' }).catch((e: unknown) => e);
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
    await expect(api.get('/protected', { onUploadProgress: (f) => progress.push(f) })).resolves.toMatchObject({ ok: true });
    expect(transported).toEqual(['GET stale', 'GET access-2']);
    expect(progress).toEqual([0, 0.5, 1, 0, 0.5, 1]);
    expect(refreshCalls).toBe(1);
  });

  it('without a progress transport, reports 0 then 1 around a plain fetch', async () => {
    const b = browser({ token: 'access-1' });
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken });
    const progress: number[] = [];
    await api.get('/protected', { onUploadProgress: (f) => progress.push(f) });
    expect(progress).toEqual([0, 1]);
  });

  it('never refreshes for /login: its 401 is the server message', async () => {
    const b = browser({});
    const expired: unknown[] = [];
    const api = createApiClient({ baseUrl, fetch: b.fetch, getToken: b.getToken, onSessionExpired: (e) => void expired.push(e) });
    const err = await api.post('/login', { email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('The email/username or password is incorrect.');
    expect(refreshCalls).toBe(0);
    expect(expired).toHaveLength(0);
  });

  it('sends JSON bodies and falls back to a default message for non-JSON errors', async () => {
    const b = browser({});
    const api = createApiClient({ baseUrl, fetch: b.fetch, fallbackMessage: 'Default text' });
    await expect(api.put('/echo', { a: 1 })).resolves.toEqual({ body: { a: 1 } });
    await expect(api.get('/broken')).rejects.toMatchObject({ status: 502, message: 'Default text' });
  });
});

describe('readCookie', () => {
  it('finds a cookie by name and decodes it', () => {
    expect(readCookie('a=1; token=x%3Dy; b=2', 'token')).toBe('x=y');
    expect(readCookie('a=1', 'token')).toBeUndefined();
  });
});
