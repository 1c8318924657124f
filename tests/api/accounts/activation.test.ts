import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import {
  ACTIVATION_LINK,
  createUser,
  inject,
  nextIp,
  registrationBody as newUser,
  registerVia,
  tokenFromMail,
} from '../../factories/accounts';

/** Activation links and re-sending them (registration itself: register.test.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (payload: unknown) => registerVia(t, payload);
const activate = (token: string) =>
  inject(t, { url: `/api/v1/users/activate-account?token=${encodeURIComponent(token)}` });

describe('GET /users/activate-account', () => {
  it('rejects unknown, missing and oversized tokens with a clear 400', async () => {
    const unknown = await activate('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'ACTIVATION_TOKEN_INVALID' });
    const missing = await inject(t, { url: '/api/v1/users/activate-account' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('token: This field is required.');
    const huge = await activate('y'.repeat(5000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^token: /);
  });

  it('expires after 24 hours', async () => {
    const body = newUser();
    await register(body);
    const token = await tokenFromMail(t, body.email, ACTIVATION_LINK);
    t.advanceTime(24 * 60 * 60 * 1000 + 1000);
    const res = await activate(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });
});

describe('POST /re-send-account-verification', () => {
  const resend = (payload: unknown, remoteAddress = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/re-send-account-verification',
      payload: payload as object,
      remoteAddress,
    });

  it('issues a fresh token and makes older ones stop working', async () => {
    const body = newUser();
    await register(body);
    const first = await tokenFromMail(t, body.email, ACTIVATION_LINK);
    t.advanceTime(3 * 60_000); // a repeat within two minutes is the same email (dropped)
    expect((await resend({ email: body.email.toUpperCase() })).statusCode).toBe(200);
    const second = await tokenFromMail(t, body.email, ACTIVATION_LINK);
    expect(second).not.toBe(first);
    expect((await activate(first)).statusCode).toBe(400);
    expect((await activate(second)).statusCode).toBe(200);
  });

  it('answers the same for unknown, inactive and already active accounts, mailing only the inactive one', async () => {
    const inactive = await createUser(t.deps, { activated: false });
    const active = await createUser(t.deps);
    const mailsBefore = (await t.outbox()).length;
    const answers = await Promise.all(
      ['nobody-here@example.test', inactive.user.email, active.user.email].map((email) =>
        resend({ email }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const sent = (await t.outbox()).slice(mailsBefore);
    expect(sent.map((m) => m.to)).toEqual([inactive.user.email]);
  });

  it('limits one email from one address to 3 per hour, sends one email per burst, and validates the email', async () => {
    const inactive = await createUser(t.deps, { activated: false });
    const before = (await t.outbox()).length;
    const from = nextIp();
    for (let i = 0; i < 3; i++)
      expect((await resend({ email: inactive.user.email }, from)).statusCode).toBe(200);
    // From elsewhere the owner is not blocked…
    expect((await resend({ email: inactive.user.email })).statusCode).toBe(200);
    // …and the mailbox got one email, not four.
    expect((await t.outbox()).slice(before).map((m) => m.to)).toEqual([inactive.user.email]);
    const limited = await resend({ email: inactive.user.email }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts/);
    const bad = await resend({ email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email: Enter a valid email address.');
  });
});
