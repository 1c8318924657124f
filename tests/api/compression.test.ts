import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION } from '../../src/server/http/api/compression';
import { createInProcessFetch } from '../../src/server/http/pages/page-context';
import { createTestApp, type TestApp } from '../helpers/app';
import { nextIp } from '../factories/accounts';

/**
 * JSON answers are compressed on the fly above 1 KB (docs/decisions/011), answers held whole in
 * one call up to 256 KB (docs/decisions/078); pages and bundles are covered end to end
 * (tests/e2e/compression.spec.ts).
 */
let t: TestApp;
/** A page of `size` bytes, held whole as a render hands it over (pages/rendered-body.ts). */
const page = (size: number) => {
  const row = (i: number) => `<li><a href="/items/${i}">Post number ${i * 7919}</a></li>`;
  let html = '';
  for (let i = 0; html.length < size; i++) html += row(i);
  return Buffer.from(html.slice(0, size));
};
beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      web: async (app) => {
        app.get<{ Querystring: { size: string } }>('/test-page', async (request, reply) =>
          reply.type('text/html; charset=utf-8').send(page(Number(request.query.size))),
        );
      },
    },
  );
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    remoteAddress: nextIp(),
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compression of API answers', () => {
  it('answers brotli when accepted, gzip when only gzip is, identity when nothing is', async () => {
    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const openapi = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(openapi.paths).toHaveProperty('/api/v1/health');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(openapi).length / 3);

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(openapi);

    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(openapi);
  });

  it('compresses a page held whole in one call up to 256 KB: an exact Content-Length', async () => {
    for (const size of [20_000, 100_000, COMPRESSION.oneCallUpTo]) {
      const res = await get(`/test-page?size=${size}`, 'gzip, deflate, br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(page(size))).toBe(true);
    }
  });

  it('streams a larger one through the compressor', async () => {
    const size = COMPRESSION.oneCallUpTo + 1;
    const res = await get(`/test-page?size=${size}`, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(res.rawPayload).equals(page(size))).toBe(true);
  });

  it('sends answers under 1 KB as they are', async () => {
    const res = await get('/api/v1/health', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('never inflates a request body: a gzip-encoded body is not read as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'nobody', password: 'whatever-123' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("loaders' in-process API calls are not compressed", async () => {
    const apiFetch = createInProcessFetch(t.app, { ip: nextIp() });
    const res = await apiFetch('/api/docs/json', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { paths: object }).paths).toHaveProperty('/api/v1/health');
  });
});
