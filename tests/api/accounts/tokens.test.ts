import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../../src/server/db/schema';
import { buildApp } from '../../../src/server/http/boot/app';
import { resolvePageSession } from '../../../src/server/http/api/session';
import { signAccessToken } from '../../../src/server/modules/accounts/access-tokens';
import { REUSE_GRACE_MS, startSession } from '../../../src/server/modules/accounts/sessions';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cookiesOf, nextIp, recordingLogger, signedInUser } from '../../factories/accounts';

const log = recordingLogger();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
});
afterAll(() => t?.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const me = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/v1/users/me', headers });
const refresh = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: payload as object,
    headers,
    remoteAddress: nextIp(),
  });
const withCookie = (refreshToken: string) => ({ cookie: `refreshToken=${refreshToken}` });

describe('access tokens', () => {
  it('are accepted from x-access-token and Authorization: Bearer; nothing else signs in', async () => {
    const { token, user } = await signedInUser(t.deps);
    expect((await me({ 'x-access-token': token })).json().user._id).toBe(user.id);
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // The cookie alone is not an API credential (CSRF): only the header is.
    const anon = await me({ cookie: `token=${token}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Please log in to do that.');
  });

  it('expire after 15 minutes', async () => {
    const { token } = await signedInUser(t.deps);
    t.advanceTime(14 * MINUTE);
    expect((await me({ 'x-access-token': token })).statusCode).toBe(200);
    t.advanceTime(2 * MINUTE);
    expect((await me({ 'x-access-token': token })).statusCode).toBe(401);
  });

  it("refuse alg 'none', another secret, another issuer and a tampered payload", async () => {
    const { token, user } = await signedInUser(t.deps);
    const [header, payload] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const rawSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.deps.secret));
    const otherIssuer = (
      await signAccessToken(
        { ...t.moduleDeps(), env: { ...t.deps.env, APP_URL: 'https://evil.example' } },
        { userId: user.id, role: 'user', sessionVersion: 0, familyId: '00000000-0000-4000-8000-000000000000' },
      )
    ).token;
    const promoted = `${header}.${b64({ ...claims, role: 'superAdmin' })}.${token.split('.')[2]}`;

    for (const forged of [
      none,
      otherSecret,
      rawSecret,
      otherIssuer,
      promoted,
      'garbage',
      'a'.repeat(10_000),
    ]) {
      const res = await me({ 'x-access-token': forged });
      expect(res.statusCode, forged.slice(0, 40)).toBe(401);
    }
    expect((await me({ 'x-access-token': token })).statusCode).toBe(200);
  });

  it('stop working when the session version moves on, or the account is suspended', async () => {
    const a = await signedInUser(t.deps);
    await t.deps.database.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, a.user.id));
    expect((await me(a.auth)).statusCode).toBe(401);

    const b = await signedInUser(t.deps);
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, b.user.id));
    expect((await me(b.auth)).statusCode).toBe(401);
    expect((await refresh({ refreshToken: b.refreshToken })).statusCode).toBe(401);
  });
});

describe('POST /token', () => {
  it('rotates the refresh token from the body: new pair, new cookies, old token spent', async () => {
    const { refreshToken, user } = await signedInUser(t.deps);
    const res = await refresh({ refreshToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token']);
    expect(body.refreshToken).not.toBe(refreshToken);
    expect(cookiesOf(res).token?.value).toBe(body.token);
    expect(cookiesOf(res).refreshToken?.value).toBe(body.refreshToken);
    expect((await me({ 'x-access-token': body.token })).json().user._id).toBe(user.id);
    // A chain of rotations keeps working.
    const next = await refresh({ refreshToken: body.refreshToken });
    expect(next.statusCode).toBe(200);
  });

  it('detects reuse of a spent token: the whole family is revoked and the event is logged', async () => {
    const { refreshToken, user } = await signedInUser(t.deps);
    const rotated = (await refresh({ refreshToken })).json().refreshToken as string;
    t.advanceTime(REUSE_GRACE_MS + 1000);
    const replay = await refresh({ refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired. Please log in again.',
    });
    expect(cookiesOf(replay).refreshToken?.attrs['max-age']).toBe('0');
    // The legitimate holder's newer token is dead too.
    expect((await refresh({ refreshToken: rotated })).statusCode).toBe(401);
    const rows = await t.deps.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    const warning = log
      .entries()
      .find((e) => e.msg.includes('refresh token reuse') && e.userId === user.id);
    expect(warning?.level).toBe(40);
    expect(log.raw()).not.toContain(refreshToken);
  });

  it('treats a replay within the race window as a concurrent refresh, not a theft', async () => {
    const { refreshToken, user } = await signedInUser(t.deps);
    const [a, b] = await Promise.all([refresh({ refreshToken }), refresh({ refreshToken })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Both branches of the family stay alive and keep rotating.
    const aNext = await refresh({ refreshToken: a.json().refreshToken });
    expect(aNext.statusCode).toBe(200);
    expect((await refresh({ refreshToken: b.json().refreshToken })).statusCode).toBe(200);
    const rows = await t.deps.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    // Once the window has passed, the same replay revokes the family.
    t.advanceTime(REUSE_GRACE_MS + 1000);
    expect((await refresh({ refreshToken })).statusCode).toBe(401);
    // ... including the live, never-presented token of the other branch.
    expect((await refresh({ refreshToken: aNext.json().refreshToken })).statusCode).toBe(401);
  });

  it('ends the access tokens of a login at once when it logs out or its refresh token is replayed', async () => {
    const phone = await signedInUser(t.deps);
    const laptop = await startSession(t.moduleDeps(), phone.user);
    expect((await me(phone.auth)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      payload: { refreshToken: phone.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(phone.auth)).statusCode).toBe(401); // not 15 minutes later: now
    expect((await me({ 'x-access-token': laptop.token })).statusCode).toBe(200); // other login lives

    const rotated = await refresh({ refreshToken: laptop.refreshToken });
    expect((await me({ 'x-access-token': rotated.json().token })).statusCode).toBe(200);
    t.advanceTime(REUSE_GRACE_MS + 1000);
    expect((await refresh({ refreshToken: laptop.refreshToken })).statusCode).toBe(401); // a copy
    expect((await me({ 'x-access-token': rotated.json().token })).statusCode).toBe(401);
  });

  it('hands out at most one sibling per spent token: a third presentation is a copy', async () => {
    const { refreshToken } = await signedInUser(t.deps);
    const first = await refresh({ refreshToken });
    const sibling = await refresh({ refreshToken });
    expect([first.statusCode, sibling.statusCode]).toEqual([200, 200]);
    const third = await refresh({ refreshToken });
    expect(third.statusCode).toBe(401);
    // The family is over for everyone: both pairs handed out stop working at once.
    expect((await refresh({ refreshToken: first.json().refreshToken })).statusCode).toBe(401);
    expect((await me({ 'x-access-token': sibling.json().token })).statusCode).toBe(401);
  });

  it('reads the HttpOnly cookie when the body has no token, checking Origin', async () => {
    const { refreshToken } = await signedInUser(t.deps);
    const foreign = await refresh(
      {},
      { ...withCookie(refreshToken), origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CROSS_ORIGIN');
    const same = await refresh(
      {},
      { ...withCookie(refreshToken), origin: 'http://localhost:3000' },
    );
    expect(same.statusCode).toBe(200);
    const noOrigin = await refresh(undefined, withCookie(same.json().refreshToken));
    expect(noOrigin.statusCode).toBe(200);
    // The origin the request was addressed to counts as ours too (127.0.0.1 vs localhost).
    const byHost = await refresh(
      {},
      {
        ...withCookie(noOrigin.json().refreshToken),
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
      },
    );
    expect(byHost.statusCode).toBe(200);
  });

  it('never extends the 30-day family: it ends 30 days after login however often it rotates', async () => {
    let { refreshToken } = await signedInUser(t.deps);
    t.advanceTime(29 * DAY);
    const late = await refresh({ refreshToken });
    expect(late.statusCode).toBe(200);
    expect(Number(cookiesOf(late).refreshToken?.attrs['max-age'])).toBeLessThanOrEqual(DAY / 1000);
    refreshToken = late.json().refreshToken;
    t.advanceTime(2 * DAY);
    const expired = await refresh({ refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(cookiesOf(expired).token?.attrs['max-age']).toBe('0');
  });

  it('refuses unknown, missing and malformed tokens', async () => {
    expect((await refresh({ refreshToken: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await refresh({})).statusCode).toBe(401);
    const typed = await refresh({ refreshToken: 42 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe('refreshToken: Must be text.');
    expect((await refresh({ refreshToken: 'r'.repeat(1_000_000) })).statusCode).toBe(400);
  });
});

describe('POST /logout', () => {
  const logout = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/logout', payload: payload as object, headers });

  it('revokes the presented family (body or cookie), clears both cookies, leaves other devices alone', async () => {
    const phone = await signedInUser(t.deps);
    const laptop = await startSession(t.moduleDeps(), phone.user);

    const res = await logout({ refreshToken: phone.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/logged out/);
    const cookies = cookiesOf(res);
    expect(cookies.token).toMatchObject({ value: '', attrs: { 'max-age': '0' } });
    expect(cookies.refreshToken).toMatchObject({
      value: '',
      attrs: { 'max-age': '0', httponly: true },
    });
    expect((await refresh({ refreshToken: phone.refreshToken })).statusCode).toBe(401);
    expect((await refresh({ refreshToken: laptop.refreshToken })).statusCode).toBe(200);

    const other = await signedInUser(t.deps);
    expect((await logout(undefined, withCookie(other.refreshToken))).statusCode).toBe(200);
    expect((await refresh({ refreshToken: other.refreshToken })).statusCode).toBe(401);
  });

  it('refuses a cookie-borne logout from another site', async () => {
    const user = await signedInUser(t.deps);
    const foreign = await logout(undefined, {
      ...withCookie(user.refreshToken),
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CROSS_ORIGIN');
    expect((await refresh({ refreshToken: user.refreshToken })).statusCode).toBe(200);
  });

  it('answers 200 when nobody is signed in', async () => {
    expect((await logout(undefined)).statusCode).toBe(200);
    expect((await logout({ refreshToken: 'unknown-token' })).statusCode).toBe(200);
  });
});

describe('resolvePageSession (server-rendered pages)', () => {
  let page: FastifyInstance;
  beforeAll(async () => {
    page = await buildApp(t.deps, {
      web: async (app) => {
        const resolve = resolvePageSession(app);
        app.get('/page', async (request, reply) => ({
          token: (await resolve(request, reply))?.token ?? null,
        }));
      },
    });
    await page.ready();
  });
  afterAll(() => page?.close());
  const visit = (cookie?: string) =>
    page.inject({ url: '/page', headers: cookie ? { cookie } : {} });

  it('passes a valid access token through untouched', async () => {
    const { token } = await signedInUser(t.deps);
    const res = await visit(`token=${token}`);
    expect(res.json().token).toBe(token);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refreshes an expired access token from the refresh cookie and sets both cookies', async () => {
    const { token, refreshToken } = await signedInUser(t.deps);
    t.advanceTime(16 * MINUTE);
    const res = await visit(`token=${token}; refreshToken=${refreshToken}`);
    const fresh = res.json().token as string;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    const cookies = cookiesOf(res);
    expect(cookies.token?.value).toBe(fresh);
    expect(cookies.refreshToken?.attrs.httponly).toBe(true);
    expect((await me({ 'x-access-token': fresh })).statusCode).toBe(200);
    // The old refresh token was spent by the page render: replaying it later revokes the family.
    t.advanceTime(REUSE_GRACE_MS + 1000);
    expect((await refresh({ refreshToken })).statusCode).toBe(401);
  });

  it('clears the cookies when the session is over, and ignores visitors without cookies', async () => {
    const res = await visit('token=stale; refreshToken=unknown');
    expect(res.json().token).toBeNull();
    expect(cookiesOf(res).refreshToken?.attrs['max-age']).toBe('0');
    const anon = await visit();
    expect(anon.json().token).toBeNull();
    expect(anon.headers['set-cookie']).toBeUndefined();
  });
});
