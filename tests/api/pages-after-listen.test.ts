import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { productionBuild, productionWeb } from '../helpers/web-build';

/**
 * The production server loads its pages' code (the server build, React Router) once it listens,
 * not before its first answer (docs/decisions/055): health and the API answer meanwhile, readiness
 * says STARTING, and a page asked for in that time waits for the code — it is never refused.
 * The loader here is held until the test lets it go.
 */
let t: TestApp;
let loads = 0;
let letGo!: () => void;
const held = new Promise<void>((resolve) => (letGo = resolve));
let build: ServerBuild;

beforeAll(async () => {
  build = await productionBuild();
  const loader = async () => {
    loads += 1;
    await held;
    return build;
  };
  t = await createTestApp({}, {}, { web: productionWeb({ build: loader }) });
}, 300_000);
afterAll(() => t?.close());

describe('pages loaded after the server listens', () => {
  it('are not loaded by building the app, only once it listens', async () => {
    expect(loads).toBe(0);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(loads).toBe(1);
  });

  it('meanwhile health answers, readiness says STARTING, and a page waits for them', async () => {
    let answered = false;
    const page = t.app.inject({ url: '/login' }).then((res) => {
      answered = true;
      return res;
    });
    expect((await t.app.inject('/api/v1/health')).statusCode).toBe(200);
    const ready = await t.app.inject('/api/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'STARTING' });
    expect(answered).toBe(false);

    letGo();
    const res = await page;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<!DOCTYPE html>');
    expect((await t.app.inject('/api/v1/health/ready')).statusCode).toBe(200);
    // Loaded once, for the listening server and the waiting page alike.
    expect(loads).toBe(1);
  });
});
