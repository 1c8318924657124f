import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok once the database answers', async () => {
    const res = await t.app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with a message when the database does not', async () => {
    const failing = await createTestApp();
    failing.deps.database.ping = async () => false;
    const res = await failing.app.inject('/api/v1/health');
    await failing.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'DB_UNAVAILABLE' });
    // Temporary: it says when to ask again.
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers unknown API paths with a JSON 404, with or without trailing slash', async () => {
    const res = await t.app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API route/);
    expect((await t.app.inject('/api/v1/health/')).statusCode).toBe(200);
  });

  it('serves an interactive API viewer from its own assets, with no third-party host', async () => {
    const page = await t.app.inject('/api/docs');
    const html = page.statusCode === 200 ? page.body : (await t.app.inject(page.headers.location as string)).body;
    expect(html).toContain('id="swagger-ui"');
    expect(html).not.toMatch(/https?:\/\//); // every script and stylesheet is ours
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const url = src.startsWith('/') ? src : `/api/docs/${src.replace(/^\.\//, '')}`;
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.json().openapi).toMatch(/^3\./);
    // A file the viewer does not have: the app's own JSON 404, as for any unknown path.
    const missing = await t.app.inject('/api/docs/static/nothing-here.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No API route matches GET /api/docs/static/nothing-here.js.' });
  });

  it('publishes an OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/v1/health');
  });
});

describe('GET /api/v1/health/live and /health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are both ok while the database answers and the instance serves', async () => {
    for (const url of ['/api/v1/health/live', '/api/v1/health/ready']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
    }
  });

  it('ready fails while the database does not answer; live does not (a restart would not help)', async () => {
    const failing = await createTestApp();
    failing.deps.database.ping = async () => false;
    const ready = await failing.app.inject('/api/v1/health/ready');
    const live = await failing.app.inject('/api/v1/health/live');
    await failing.close();
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'DB_UNAVAILABLE' });
    expect(ready.json().message).toMatch(/database/);
    expect(ready.headers['retry-after']).toBe('5');
    expect(live.statusCode).toBe(200);
  });

  it('ready fails once the instance drains, while every other call is still served, closing its connection', async () => {
    const draining = await createTestApp();
    const before = await draining.app.inject('/api/v1/health/live');
    expect(before.headers.connection).not.toBe('close');
    draining.app.lifecycle.drain();
    const ready = await draining.app.inject('/api/v1/health/ready');
    const live = await draining.app.inject('/api/v1/health/live');
    const health = await draining.app.inject('/api/v1/health');
    const missing = await draining.app.inject('/api/v1/nothing-here');
    await draining.close();
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ statusCode: 503, code: 'SHUTTING_DOWN' });
    expect(ready.headers['retry-after']).toBe('5');
    expect(live.statusCode).toBe(200);
    expect(health.statusCode).toBe(200);
    for (const res of [ready, live, health, missing]) expect(res.headers.connection).toBe('close');
  });

  it('are in the OpenAPI document', async () => {
    const paths = (await t.app.inject('/api/docs/json')).json().paths;
    expect(paths).toHaveProperty('/api/v1/health/live');
    expect(paths).toHaveProperty('/api/v1/health/ready');
  });
});
