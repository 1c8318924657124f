import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sites, users, userTokens } from '../../../src/server/db/schema';
import type { MailDriver } from '../../../src/server/adapters/mail/types';
import { MESSAGES } from '../../../src/shared/messages';
import { createAccount } from '../../../src/server/modules/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import {
  ACTIVATION_LINK,
  createUser,
  inject,
  nextIp,
  registrationBody,
  registerVia,
  tokenFromMail,
} from '../../factories/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newUser = registrationBody;
const register = (payload: unknown, remoteAddress = nextIp()) =>
  registerVia(t, payload, remoteAddress);
const login = (email: string, password: string) =>
  inject(t, { method: 'POST', url: '/api/v1/login', payload: { email, password } });
const activate = (token: string) =>
  inject(t, { url: `/api/v1/users/activate-account?token=${encodeURIComponent(token)}` });

async function counts() {
  const db = t.deps.database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [s] = await db.select({ n: count() }).from(sites);
  const [k] = await db.select({ n: count() }).from(userTokens);
  const [j] = await db.select({ n: count() }).from(jobs);
  return { users: u!.n, sites: s!.n, tokens: k!.n, jobs: j!.n };
}

describe('POST /register', () => {
  it('creates an inactive account with a default site and emails a single-use activation link', async () => {
    const body = newUser({ username: 'Maya_Ceramics', email: '  Maya.Chen@Example.TEST ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe(MESSAGES.registrationSuccess);
    expect(json.activationEmailSent).toBe(true);
    expect(json.user).toMatchObject({
      username: 'maya_ceramics',
      name: body.name,
      email: 'maya.chen@example.test',
      role: 'user',
      accountType: 'seller',
      bio: '',
      link: '',
      _tags: [],
      image: null,
      plan: null,
      likesCount: 0,
      likesType: 'user',
      stripeUserId: null,
      stripeAccountLink: null,
    });
    expect(json.user).not.toHaveProperty('passwordHash');
    expect(json.user).not.toHaveProperty('token');

    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, json.user._id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.activatedAt).toBeNull();
    // The site exists from the start but is not public until the account is activated.
    const siteUrl = '/api/v1/sites?username=maya_ceramics';
    const hidden = await t.app.inject({ url: siteUrl });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'SITE_NOT_FOUND' });

    // Not activated yet: login is refused with an offer to re-send.
    const early = await login('maya.chen@example.test', body.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'ACCOUNT_NOT_ACTIVATED' });
    expect(early.json().message).toMatch(/activation email/i);

    const mail = (await t.outbox()).at(-1)!;
    expect(mail.to).toBe('maya.chen@example.test');
    expect(mail.text).toContain('http://localhost:3000/users/activate-account?token=');
    const token = await tokenFromMail(t, 'maya.chen@example.test', ACTIVATION_LINK);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed, never in clear.
    const stored = await t.deps.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, json.user._id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const ok = await activate(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Account successfully activated!' });
    const site = await t.app.inject({ url: siteUrl });
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({
      name: body.name,
      username: 'maya_ceramics',
      headerBranding: 'name',
      image: null,
    });
    const again = await activate(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, has expired or has already been used/);

    const signedIn = await login('MAYA_CERAMICS', body.password);
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a taken username case-insensitively with a 409 naming the field, creating nothing', async () => {
    const first = newUser();
    expect((await register(first)).statusCode).toBe(201);
    const before = await counts();

    const sameName = await register(newUser({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(sameName.json().message).toMatch(/^username: /);
    expect(await counts()).toEqual(before);
  });

  it('does not tell whether an email has an account: the same answer, and the owner is told', async () => {
    const { user: owner, password: ownerPassword } = await createUser(t.deps);
    const mailsBefore = (await t.outbox()).length;
    const before = await counts();
    const fresh = newUser();
    const taken = newUser({ email: owner.email.toUpperCase() });
    const [a, b] = [await register(fresh), await register(taken)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().message).toBe(a.json().message);
    expect(Object.keys(b.json()).sort()).toEqual(Object.keys(a.json()).sort());
    expect(Object.keys(b.json().user).sort()).toEqual(Object.keys(a.json().user).sort());
    expect(b.json().user).toMatchObject({ username: taken.username, email: owner.email, role: 'user' });
    expect(b.json().user._id).not.toBe(owner.id);
    // Only the new account exists; the owner's account and password are untouched.
    expect((await counts()).users).toBe(before.users + 1);
    expect((await login(owner.email, taken.password)).statusCode).toBe(401);
    expect((await login(owner.email, ownerPassword)).statusCode).toBe(200);
    // The owner hears about it; the fresh address gets its activation link.
    const sent = (await t.outbox()).slice(mailsBefore);
    expect(sent.map((m) => m.to).sort()).toEqual([fresh.email, owner.email].sort());
    const notice = sent.find((m) => m.to === owner.email)!;
    expect(notice.subject).toMatch(/tried to sign up .* with your email address/);
    expect(notice.text).not.toMatch(/activate-account/);
    // Repeated attempts do not flood the owner's mailbox.
    expect((await register(newUser({ email: owner.email }))).statusCode).toBe(201);
    expect((await t.outbox()).slice(mailsBefore).filter((m) => m.to === owner.email)).toHaveLength(1);
  });

  it('turns a lost race on the unique index into the same 409', async () => {
    const body = newUser();
    const results = await Promise.all([
      register(body),
      register({ ...body, email: `race-${body.email}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
  });

  it('maps unique violations (23505) from the database itself to 409s naming the field', async () => {
    const { user } = await createUser(t.deps);
    const base = { name: 'Dup', passwordHash: 'x', accountType: 'buyer' as const };
    const deps = t.moduleDeps();
    await expect(
      createAccount(deps, {
        ...base,
        username: user.username.toUpperCase(),
        email: 'other@example.test',
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'USERNAME_TAKEN' });
    await expect(
      createAccount(deps, { ...base, username: 'unused-name', email: user.email.toUpperCase() }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'EMAIL_TAKEN' });
  });

  it('keeps the account while the mail server is down, delivers the email once it is back, and re-sending works', async () => {
    const original = t.deps.mail;
    const failing: MailDriver = {
      name: 'smtp',
      send: () => Promise.reject(new Error('SMTP down')),
    };
    const body = newUser();
    t.deps.mail = failing;
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.registrationSuccess);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toBeDefined();
    expect(await t.runJobs()).toBeGreaterThan(0); // tried, failed, queued again
    t.deps.mail = original;
    expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(0); // backing off
    t.advanceTime(60 * 60 * 1000);
    expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(1);

    const resend = await inject(t, {
      method: 'POST',
      url: '/api/v1/re-send-account-verification',
      payload: { email: body.email },
    });
    expect(resend.statusCode).toBe(200);
    const token = await tokenFromMail(t, body.email, ACTIVATION_LINK);
    expect((await activate(token)).statusCode).toBe(200);
  });

  it('refuses commonly breached passwords and one’s own username, with a message that helps', async () => {
    const before = await counts();
    for (const password of ['password123', 'Qwertyuiop', 'iloveyou2']) {
      const res = await register(newUser({ password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toMatch(/^password: This password is one of the most common .* Use a longer phrase/);
      expect(res.json().details).toEqual([{ path: ['password'], message: expect.stringMatching(/leaked passwords/) }]);
    }
    const own = newUser({ username: 'ceramics-by-june' });
    const same = await register({ ...own, password: 'Ceramics-By-June' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/^password: This password is your username or email address/);
    expect(await counts()).toEqual(before);
    expect((await register(newUser({ password: 'glaze kiln sunday' }))).statusCode).toBe(201);
  });

  it('allows 5 registrations per hour from one address, then answers 429 with a message', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await register(newUser(), ip)).statusCode).toBe(201);
    const limited = await register(newUser(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Too many attempts\. Please wait \d+ minutes/);
    expect((await register(newUser())).statusCode).toBe(201); // another address is unaffected
  });
});

describe('POST /register: bad input gets a 400 naming the field, and creates nothing', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['missing username', { username: undefined }, /^username: This field is required\.$/],
    ['missing email', { email: undefined }, /^email: This field is required\.$/],
    ['missing password', { password: undefined }, /^password: This field is required\.$/],
    ['missing account type', { accountType: undefined }, /^accountType: This field is required\.$/],
    ['numeric username', { username: 12345 }, /^username: Must be text\.$/],
    ['array email', { email: ['a@b.co'] }, /^email: Must be an email address\.$/],
    ['object name', { name: { first: 'A' } }, /^name: Must be text\.$/],
    [
      'unknown account type',
      { accountType: 'vendor' },
      /^accountType: Choose seller, buyer or both\.$/,
    ],
    ['1 MB username', { username: 'a'.repeat(1_000_000) }, /^username: Use 3–30 lowercase letters/],
    ['1 MB name', { name: 'n'.repeat(1_000_000) }, /^name: Use at most 80 characters\.$/],
    [
      '1 MB email',
      { email: `${'e'.repeat(1_000_000)}@x.io` },
      /^email: Enter a valid email address/,
    ],
    [
      '1 MB password',
      { password: 'p'.repeat(1_000_000) },
      /^password: Use at most 128 characters\.$/,
    ],
    ['short password', { password: 'short' }, /^password: Use at least 8 characters\.$/],
    ['bad email', { email: 'not-an-email' }, /^email: Enter a valid email address\.$/],
    [
      'SQL in username',
      { username: "x'; drop table users;--" },
      /^username: Use 3–30 lowercase letters/,
    ],
    [
      'script in username',
      { username: '<script>alert(1)</script>' },
      /^username: Use 3–30 lowercase letters/,
    ],
    [
      'Cyrillic look-alike',
      { username: 'аdmin' },
      /^username: Use only the letters a–z.*look-alike/,
    ],
    ['Greek look-alike', { username: 'mαya' }, /^username: Use only the letters a–z/],
    ['accented letter', { username: 'josé' }, /^username: Use only the letters a–z/],
    [
      'full-width reserved word',
      { username: 'ａｄｍｉｎ' },
      /^username: This username is reserved/,
    ],
    ['reserved route', { username: 'login' }, /^username: This username is reserved/],
    [
      'reserved landing pattern',
      { username: 'index-gpubio' },
      /^username: This username is reserved/,
    ],
    ['too short', { username: 'ab' }, /^username: Use 3–30/],
    ['leading dash', { username: '-maya' }, /^username: Use 3–30/],
    ['blank name', { name: '   ' }, /^name: Enter a name\.$/],
  ];

  it.each(cases)('%s', async (_label, override, message) => {
    const before = await counts();
    const res = await register(newUser(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: '"hello"',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
  });

  it('stores SQL and script fragments in display fields verbatim and returns them as text', async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert("x")</script>`;
    const res = await register(newUser({ name }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.name).toBe(name);
    const id: string = res.json().user._id;
    // Profiles are public once the account is activated (before, it answers 404).
    expect((await t.app.inject({ url: `/api/v1/users/${id}` })).statusCode).toBe(404);
    await t.deps.database.db.update(users).set({ activatedAt: new Date() }).where(eq(users.id, id));
    const profile = await t.app.inject({ url: `/api/v1/users/${id}` });
    expect(profile.json().user.name).toBe(name);
    expect(profile.headers['content-type']).toMatch(/^application\/json/);
    expect((await counts()).users).toBeGreaterThan(0);
  });
});
