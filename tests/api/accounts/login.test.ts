import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { loginResponse } from '../../../src/shared/contracts/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cookiesOf, createUser, nextIp, recordingLogger } from '../../factories/accounts';

const log = recordingLogger();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
});
afterAll(() => t?.close());

const login = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: payload as object, remoteAddress });

describe('POST /login', () => {
  it('signs in with the email or the username (any case) and returns user, tokens and site', async () => {
    const { user, password } = await createUser(t.deps, {
      username: 'leo-retro',
      email: 'leo@example.test',
    });
    for (const identifier of ['leo@example.test', ' LEO@Example.test ', 'leo-retro', 'LEO-RETRO']) {
      const res = await login({ email: identifier, password });
      expect(res.statusCode, identifier).toBe(200);
    }
    const res = await login({ email: 'leo@example.test', password });
    const body = loginResponse.parse(res.json());
    expect(body.user).toMatchObject({
      _id: user.id,
      username: 'leo-retro',
      email: 'leo@example.test',
      role: 'user',
    });
    expect(body.user.token.split('.')).toHaveLength(3);
    expect(body.user.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.site).toMatchObject({ username: 'leo-retro', name: user.name });

    const me = await t.app.inject({
      url: '/api/v1/users/me',
      headers: { 'x-access-token': body.user.token },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(user.id);
  });

  it('sets the token cookie (script-readable) and the HttpOnly refreshToken cookie', async () => {
    const { user, password } = await createUser(t.deps);
    const res = await login({ email: user.email, password });
    const cookies = cookiesOf(res);
    // Exactly one Set-Cookie per cookie name.
    const names = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split('=')[0]);
    expect(names.sort()).toEqual(['refreshToken', 'token']);
    expect(cookies.token?.value).toBe(res.json().user.token);
    expect(cookies.token?.attrs).toMatchObject({ path: '/', samesite: 'Lax', 'max-age': '900' });
    expect(cookies.token?.attrs).not.toHaveProperty('httponly');
    expect(cookies.token?.attrs).not.toHaveProperty('secure');
    expect(cookies.refreshToken?.value).toBe(res.json().user.refreshToken);
    expect(cookies.refreshToken?.attrs).toMatchObject({
      path: '/',
      samesite: 'Lax',
      httponly: true,
    });
    expect(Number(cookies.refreshToken?.attrs['max-age'])).toBeGreaterThanOrEqual(
      30 * 24 * 3600 - 2,
    );
    expect(Number(cookies.refreshToken?.attrs['max-age'])).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  it('marks the cookies Secure when the app is served over https', async () => {
    const https = await createTestApp({}, { APP_URL: 'https://shop.example' });
    try {
      const { user, password } = await createUser(https.deps);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: user.email, password },
      });
      expect(res.statusCode).toBe(200);
      const cookies = cookiesOf(res);
      expect(cookies.token?.attrs.secure).toBe(true);
      expect(cookies.refreshToken?.attrs.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('answers a wrong password and an unknown account identically (401) and logs without the password', async () => {
    const { user } = await createUser(t.deps);
    const wrong = await login({ email: user.email, password: 'Wrong-Secret-9000' });
    const unknown = await login({ email: 'ghost@example.test', password: 'Wrong-Secret-9000' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'INVALID_CREDENTIALS',
        message: 'The email/username or password is incorrect.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const failures = log.entries().filter((e) => e.msg === 'login failed');
    expect(failures.map((f) => f.reason)).toEqual(
      expect.arrayContaining(['wrong_password', 'unknown_account']),
    );
    expect(failures.every((f) => f.level === 40)).toBe(true);
    expect(log.raw()).not.toContain('Wrong-Secret-9000');
  });

  it('refuses a suspended account with 403 (after checking the password)', async () => {
    const { user, password } = await createUser(t.deps);
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, user.id));
    const res = await login({ email: user.email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect((await login({ email: user.email, password: 'not the password' })).statusCode).toBe(401);
  });

  it('refuses a not-activated account with 403 ACCOUNT_NOT_ACTIVATED only once the password is right', async () => {
    const { user, password } = await createUser(t.deps, { activated: false });
    const res = await login({ email: user.username, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_NOT_ACTIVATED');
    expect(res.json().message).toMatch(/new activation email/);
    expect((await login({ email: user.username, password: 'not the password' })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['missing password', { email: 'a@b.co' }, /^password: This field is required\.$/],
    ['missing email', { password: 'whatever1' }, /^email: This field is required\.$/],
    ['numeric password', { email: 'a@b.co', password: 12345678 }, /^password: Must be text\.$/],
    ['1 MB email', { email: 'x'.repeat(1_000_000), password: 'whatever1' }, /^email: /],
    [
      '1 MB password',
      { email: 'a@b.co', password: 'x'.repeat(1_000_000) },
      /^password: Use at most 128/,
    ],
  ])('rejects %s with 400 naming the field', async (_label, payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('limits one address to 5 attempts per minute on one account, even with the right password', async () => {
    const { user, password } = await createUser(t.deps);
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await login({ email: user.email, password: 'wrong-password' }, ip)).statusCode).toBe(
        401,
      );
    const limited = await login({ email: user.email, password }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
    );
    expect(limited.headers['retry-after']).toBeDefined();
    // The same account from elsewhere, and another account from here, still work.
    expect((await login({ email: user.email, password })).statusCode).toBe(200);
    const other = await createUser(t.deps);
    expect(
      (await login({ email: other.user.email, password: other.password }, ip)).statusCode,
    ).toBe(200);
  });

  it('limits one address to 10 login attempts per minute across accounts', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await login({ email: `nobody${i}@example.test`, password: 'wrong-password' }, ip))
          .statusCode,
      ).toBe(401);
    const limited = await login(
      { email: 'nobody-else@example.test', password: 'wrong-password' },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts/);
  });
});
