import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaApi } from '../../src/shared/api';
import { METRICS_PATH } from '../../src/server/http/api/metrics';
import { createTestApp, type TestApp } from '../helpers/app';
import { recordingLogger } from '../factories/accounts';
import { productionWeb } from '../helpers/web-build';

/**
 * What an operator watches: GET /metrics (Prometheus text, behind METRICS_TOKEN) and request ids
 * that are the same on the answer, in every log line of the request, across instances.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
const HEALTH = `/api/v1${metaApi.health.path}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
const log = recordingLogger();
beforeAll(async () => {
  t = await createTestApp({ logger: log.logger }, { METRICS_TOKEN: TOKEN });
});
afterAll(() => t?.close());

const scrape = (authorization?: string) =>
  t.app.inject({ url: METRICS_PATH, headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('asks for the token: 401 without one, 403 with another, never the figures', async () => {
    const none = await scrape();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/METRICS_TOKEN/) });
    const wrong = await scrape(`Bearer ${TOKEN.replace(/f$/, 'e')}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    for (const res of [none, wrong]) expect(res.body).not.toContain('storefront_');
  });

  it('is off (404) while METRICS_TOKEN is unset', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/METRICS_TOKEN/);
    } finally {
      await off.close();
    }
  });

  it('counts requests by route pattern, method and status class, with process figures', async () => {
    expect((await t.app.inject(HEALTH)).statusCode).toBe(200);
    const missing = await t.app.inject('/api/v1/products/item/not-an-id');
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(
      /storefront_http_request_duration_seconds_count\{route="\/api\/v1\/health",method="GET",status_class="2xx"\} [1-9]/,
    );
    // The pattern, never the id a client wrote.
    expect(text).not.toContain('not-an-id');
    expect(text).toMatch(/storefront_http_request_duration_seconds_count\{route="[^"]+",method="GET",status_class="4xx"\} [1-9]/);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'storefront_render_cache_requests_total',
      'storefront_job_runs_total',
      'storefront_job_queue_depth',
      'storefront_db_pool_connections',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });
});

describe('request ids', () => {
  it('keeps a valid incoming X-Request-Id, answers with it and logs every line of the request with it', async () => {
    const before = log.entries().length;
    const res = await t.app.inject({ url: '/api/v1/users/activate-account?token=nope', headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a:42');
    const lines = log.entries().slice(before);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.reqId === 'lb-7f3a:42')).toBe(true);
  });

  it('makes a UUID when there is none or it is not usable (too long, spaces, not ASCII)', async () => {
    const ids = new Set<string>();
    for (const header of [undefined, 'x'.repeat(129), 'two words', 'caf\u00e9', '']) {
      const res = await t.app.inject({ url: HEALTH, headers: header === undefined ? {} : { 'x-request-id': header } });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(5);
    const longest = 'y'.repeat(128);
    expect((await t.app.inject({ url: HEALTH, headers: { 'x-request-id': longest } })).headers['x-request-id']).toBe(longest);
  });

  it('is on every answer, refusals and unknown routes included', async () => {
    for (const res of [
      await t.app.inject('/api/v1/no-such-route'),
      await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: '{bad json', headers: { 'content-type': 'application/json' } }),
      await t.app.inject({ method: 'PATCH', url: '/some-page' }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(String(res.headers['x-request-id'])).toMatch(UUID);
    }
  });
});

describe('request ids of pages', () => {
  it('carry over to the API calls the page makes while it renders, and show on the page', async () => {
    const pageLog = recordingLogger();
    const web = await createTestApp({ logger: pageLog.logger }, {}, { web: productionWeb() });
    try {
      const res = await web.app.inject({ url: '/marketplace', headers: { 'x-request-id': 'page-req-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBe('page-req-1');
      const lines = pageLog.entries();
      // The page's own line and those of its in-process API calls (its loaders' data).
      const api = lines.filter((l) => typeof l.url === 'string' && l.url.startsWith('/api/v1/'));
      expect(api.length).toBeGreaterThan(0);
      expect(lines.every((l) => l.reqId === 'page-req-1')).toBe(true);
    } finally {
      await web.close();
    }
  }, 180_000);
});
