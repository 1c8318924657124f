import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEFAULT_PASSWORD, nextIp, signedInUser } from '../factories/accounts';

/** Answers with personal data or tokens are never kept by a browser or a shared cache. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('Cache-Control on the API', () => {
  it('is no-store for the signed-in user, log in and token refresh', async () => {
    const a = await signedInUser(t.deps);
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: a.auth });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: nextIp(),
      payload: { email: a.user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { refreshToken: a.refreshToken },
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on errors too', async () => {
    const res = await t.app.inject({ url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
