import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { startSession } from '../../../src/server/modules/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import {
  RESET_LINK,
  cookiesOf,
  createUser,
  nextIp,
  signedInUser,
  tokenFromMail,
} from '../../factories/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 60 * 60 * 1000;
const resetLink = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/password-reset-link',
    payload: payload as object,
    remoteAddress,
  });
const setPassword = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/password',
    payload: payload as object,
    headers,
    remoteAddress: nextIp(),
  });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });
const me = (token: string) =>
  t.app.inject({ url: '/api/v1/users/me', headers: { 'x-access-token': token } });
const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: { refreshToken },
    remoteAddress: nextIp(),
  });

describe('POST /users/password-reset-link', () => {
  it('answers identically whether or not the account exists, mailing only a real account', async () => {
    const { user } = await createUser(t.deps);
    const before = (await t.outbox()).length;
    const known = await resetLink({ email: user.email.toUpperCase() });
    const unknown = await resetLink({ email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const sent = (await t.outbox()).slice(before);
    expect(sent.map((m) => m.to)).toEqual([user.email]);
    expect(sent[0]!.text).toMatch(/http:\/\/localhost:3000\/password-reset\/[A-Za-z0-9_-]{43}/);
  });

  it('limits one email from one address to 3 links an hour, and one address to 5', async () => {
    const { user } = await createUser(t.deps);
    const from = nextIp();
    for (let i = 0; i < 3; i++)
      expect((await resetLink({ email: user.email }, from)).statusCode).toBe(200);
    expect((await resetLink({ email: user.email }, from)).statusCode).toBe(429);
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await resetLink({ email: `someone${i}@example.test` }, ip)).statusCode).toBe(200);
    const limited = await resetLink({ email: 'someone-else@example.test' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Please wait \d+ minutes/);
  });

  it('cannot be used by strangers to stop the owner getting a link, nor to flood their mailbox', async () => {
    const { user } = await createUser(t.deps);
    const before = (await t.outbox()).length;
    // Many requests from many addresses: all answered, one email (duplicates within minutes dropped).
    for (let i = 0; i < 8; i++) expect((await resetLink({ email: user.email })).statusCode).toBe(200);
    const burst = (await t.outbox()).slice(before);
    expect(burst.map((m) => m.to)).toEqual([user.email]);
    // A few minutes later the owner asks again and gets a fresh, working link.
    t.advanceTime(3 * 60_000);
    expect((await resetLink({ email: user.email })).statusCode).toBe(200);
    const token = await tokenFromMail(t, user.email, RESET_LINK);
    expect(burst[0]!.text).not.toContain(token);
    expect((await setPassword({ token, password: 'owner is back in' })).statusCode).toBe(200);
  });

  it('refuses a commonly breached new password without spending the link', async () => {
    const { user } = await createUser(t.deps);
    await resetLink({ email: user.email });
    const token = await tokenFromMail(t, user.email, RESET_LINK);
    const weak = await setPassword({ token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^password: This password is one of the most common/);
    expect((await setPassword({ token, password: 'a much better phrase' })).statusCode).toBe(200);
  });

  it('validates the email', async () => {
    for (const email of [undefined, 7, 'nope', `${'x'.repeat(1_000_000)}@example.test`]) {
      const res = await resetLink({ email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^email: /);
    }
  });
});

describe('PATCH /users/password with the emailed token', () => {
  it('sets the new password once, ends every session, and mails a notice', async () => {
    const { user, password } = await createUser(t.deps);
    const session = await startSession(t.moduleDeps(), user);
    await resetLink({ email: user.email });
    const token = await tokenFromMail(t, user.email, RESET_LINK);

    const res = await setPassword({ token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been updated.' });

    expect((await me(session.token)).statusCode).toBe(401); // session version moved on
    expect((await refresh(session.refreshToken)).statusCode).toBe(401); // family revoked
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);
    const notice = (await t.outbox()).at(-1)!;
    expect(notice.to).toBe(user.email);
    expect(notice.subject).toMatch(/password was changed/);

    const again = await setPassword({ token, password: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect(again.json().message).toMatch(/invalid, has expired or has already been used/);
  });

  it('expires the link after one hour, and only the newest link works', async () => {
    const { user } = await createUser(t.deps);
    await resetLink({ email: user.email });
    const first = await tokenFromMail(t, user.email, RESET_LINK);
    t.advanceTime(3 * 60_000); // a repeat within two minutes is the same email (dropped)
    await resetLink({ email: user.email });
    const second = await tokenFromMail(t, user.email, RESET_LINK);
    expect((await setPassword({ token: first, password: 'new password 1' })).statusCode).toBe(400);
    t.advanceTime(HOUR + 1000);
    expect((await setPassword({ token: second, password: 'new password 1' })).statusCode).toBe(400);
  });

  it('activates an account that was never activated (the link proves the address)', async () => {
    const { user } = await createUser(t.deps, { activated: false });
    await resetLink({ email: user.email });
    const token = await tokenFromMail(t, user.email, RESET_LINK);
    expect((await setPassword({ token, password: 'new password 2' })).statusCode).toBe(200);
    expect((await login(user.email, 'new password 2')).statusCode).toBe(200);
  });

  it('validates the new password and the token', async () => {
    const short = await setPassword({ token: 'x'.repeat(43), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Use at least 8 characters.');
    const huge = await setPassword({ token: 'x'.repeat(43), password: 'p'.repeat(1_000_000) });
    expect(huge.json().message).toBe('password: Use at most 128 characters.');
    const typed = await setPassword({ token: ['x'], password: 'long enough' });
    expect(typed.json().message).toBe('token: Must be text.');
    const neither = await setPassword({ password: 'long enough' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('currentPassword: Enter your current password.');
  });
});

describe('PATCH /users/password signed in', () => {
  it('needs the current password, keeps this session with fresh tokens and ends the others', async () => {
    const a = await signedInUser(t.deps);
    const otherDevice = await startSession(t.moduleDeps(), a.user);

    const wrong = await setPassword(
      { currentPassword: 'not it at all', password: 'changed password' },
      a.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'currentPassword: The current password is incorrect.',
    });

    const res = await setPassword(
      { currentPassword: a.password, password: 'changed password' },
      a.auth,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Your password has been updated.');
    expect(cookiesOf(res).token?.value).toBe(body.token);
    expect(cookiesOf(res).refreshToken?.value).toBe(body.refreshToken);

    expect((await me(body.token)).statusCode).toBe(200);
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(otherDevice.token)).statusCode).toBe(401);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(401);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.sessionVersion).toBe(1);
    expect((await login(a.user.email, 'changed password')).statusCode).toBe(200);
  });

  it('is 401 without a session', async () => {
    const res = await setPassword({ currentPassword: 'whatever1', password: 'changed password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to do that.');
  });
});
