import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * What the page renderer is never shown: methods pages do not have, form posts that are not forms,
 * and Host headers that are not hosts. They get a 4xx with a sentence instead of a render (whose
 * failure would be a 500). A stand-in catch-all plays the renderer's part.
 */
let t: TestApp;
let rendered = 0;
beforeAll(async () => {
  t = await createTestApp({}, {}, {
    web: async (app) => {
      // Like the renderer's scope (src/server/http/pages/ssr.ts): any body, read by the page itself.
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
        scope.all('/*', async () => {
          rendered += 1;
          return 'page';
        });
      });
    },
  });
});
afterAll(() => t?.close());

describe('requests to pages', () => {
  it.each(['TRACE', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'])('%s on a page answers 405 with Allow', async (method) => {
    const before = rendered;
    const res = await t.app.inject({ method: method as 'GET', url: '/about' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.body).toMatch(/^Pages can be fetched \(GET\) or sent a form \(POST\), not [A-Z]+\.$/);
    expect(rendered).toBe(before);
  });

  it('refuses a JSON or empty post to a page, and lets a form through', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json' }, payload: '{"email":"a"}' });
    expect(json.statusCode).toBe(415);
    expect(json.body).toMatch(/application\/x-www-form-urlencoded or multipart\/form-data/);
    const empty = await t.app.inject({ method: 'POST', url: '/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/The form is empty/);
    const form = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a&password=b',
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toBe('page');
  });

  it.each(['bad host name', '[::1', 'exa%mple.com', 'a/b'])('answers 400 to the Host %j', async (host) => {
    const res = await t.app.inject({ url: '/about', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('This request names an invalid host.');
  });

  it('accepts ordinary hosts, with and without a port', async () => {
    for (const host of ['localhost:3000', 'shop.example.com', '127.0.0.1:8080', '[::1]:3000']) {
      expect((await t.app.inject({ url: '/about', headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('leaves the API and media to their own rules', async () => {
    const api = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/health' });
    expect(api.statusCode).not.toBe(405);
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'a', password: 'b' } });
    expect(post.statusCode).toBe(401);
  });
});
