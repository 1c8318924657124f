import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailListSubscribers, users } from '../../../src/server/db/schema';
import { signListToken } from '../../../src/server/modules/outreach';
import { HONEYPOT_MESSAGE, OUTREACH_LIMITS } from '../../../src/shared/contracts/outreach';
import { PLANS } from '../../../src/shared/plans';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, nextIp } from '../../factories/accounts';
import { headersOf, mailsTo } from '../../factories/notifications';
import { confirm, listLink, messageOf, signup, unsubscribe } from './outreach-support';

/** PUT /email-list: double opt-in, the same answer whatever the address's state, one-click unsubscribe. */
let t: TestApp;
let seq = 0;
const address = () => `reader${++seq}@example.test`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rowOf = async (email: string, ownerId: string | null = null) => {
  const rows = await t.deps.database.db
    .select()
    .from(emailListSubscribers)
    .where(eq(emailListSubscribers.email, email));
  return rows.find((r) => r.listOwnerId === ownerId);
};

describe('signing up to the newsletter', () => {
  it('creates a pending subscriber and mails a confirmation link with the unsubscribe headers', async () => {
    const email = address();
    const res = await signup(t, { email: email.toUpperCase(), name: 'Reader', source: 'footer' });
    expect(res.statusCode).toBe(200);
    expect(messageOf(res)).toBe(
      `Almost done: we sent a confirmation link to ${email}. Open it to start getting news from Storefront by email.`,
    );
    expect(await rowOf(email)).toMatchObject({
      status: 'pending',
      name: 'Reader',
      source: 'footer',
      confirmedAt: null,
    });

    const [mail, ...more] = await mailsTo(t, email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Confirm your subscription to the Storefront newsletter');
    expect(mail!.text).toContain('Unsubscribe from the Storefront newsletter:');
    const headers = await headersOf(t, mail!.file);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/email-list\/unsubscribe\?token=[A-Za-z0-9_.%-]+>$/,
    );

    const token = listLink(mail!.text, 'confirm');
    const done = await confirm(t, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: `You are subscribed: you will get news from Storefront at ${email}. Every email has a link to unsubscribe.`,
      list: null,
    });
    expect(await rowOf(email)).toMatchObject({
      status: 'confirmed',
      confirmedAt: expect.any(Date),
    });
    // Opening the link again says the same.
    expect((await confirm(t, token)).json()).toEqual(done.json());
  });

  it('answers the same for an address already on the list, and mails it instead of telling', async () => {
    const email = address();
    const first = await signup(t, { email });
    await confirm(t, listLink((await mailsTo(t, email))[0]!.text, 'confirm'));
    const again = await signup(t, { email });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await rowOf(email))!.status).toBe('confirmed');
    const mails = await mailsTo(t, email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your subscription to the Storefront newsletter',
      'You are already on the Storefront newsletter',
    ]);
    expect((await headersOf(t, mails[1]!.file)).has('list-unsubscribe')).toBe(true);
  });

  it('sends the confirmation again only after a quiet period', async () => {
    const email = address();
    await signup(t, { email });
    await signup(t, { email });
    expect(await mailsTo(t, email)).toHaveLength(1);
    t.advanceTime(11 * 60_000);
    await signup(t, { email });
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('refuses a filled honeypot (400) and an unknown seller (404), storing nothing', async () => {
    const email = address();
    const bot = await signup(t, { email, website: 'x' });
    expect(bot.statusCode).toBe(400);
    expect(messageOf(bot)).toBe(HONEYPOT_MESSAGE);
    const unknown = await signup(t, { email, list: 'nobody-here' });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toMatch(/seller could not be found/);
    expect(await rowOf(email)).toBeUndefined();
    expect((await signup(t, { email: 'nope' })).statusCode).toBe(400);
  });

  it(`allows ${OUTREACH_LIMITS.signupsPerHour} sign-ups an hour per client address`, async () => {
    const ip = nextIp();
    for (let i = 0; i < OUTREACH_LIMITS.signupsPerHour; i++)
      expect((await signup(t, { email: address() }, ip)).statusCode).toBe(200);
    const refused = await signup(t, { email: address() }, ip);
    expect(refused.statusCode).toBe(429);
  });
});

describe('leaving a list', () => {
  async function confirmedReader() {
    const email = address();
    await signup(t, { email });
    const [mail] = await mailsTo(t, email);
    await confirm(t, listLink(mail!.text, 'confirm'));
    return { email, mail: mail! };
  }

  it('the unsubscribe link of any list mail unsubscribes, and says so again when reopened', async () => {
    const { email, mail } = await confirmedReader();
    const token = listLink(mail.text, 'unsubscribe');
    const res = await unsubscribe(t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `You are unsubscribed: ${email} will get no more news from Storefront.`,
      list: null,
    });
    expect(await rowOf(email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(Date),
    });
    expect((await unsubscribe(t, token)).json()).toEqual(res.json());
    // The old confirmation link does not bring the address back; signing up again does.
    const old = await confirm(t, listLink(mail.text, 'confirm'));
    expect(old.statusCode).toBe(400);
    await signup(t, { email });
    expect((await rowOf(email))!.status).toBe('pending');
  });

  it('takes the RFC 8058 one-click POST of the List-Unsubscribe header', async () => {
    const { email, mail } = await confirmedReader();
    const header = (await headersOf(t, mail.file)).get('list-unsubscribe')!;
    const url = new URL(/^<(.+)>$/.exec(header)![1]!);
    const res = await inject(t, {
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(email))!.status).toBe('unsubscribed');
  });

  it('refuses links we did not sign, the wrong kind of link, and expired confirmations (400)', async () => {
    const email = address();
    await signup(t, { email });
    const [mail] = await mailsTo(t, email);
    const confirmToken = listLink(mail!.text, 'confirm');
    const unsubscribeToken = listLink(mail!.text, 'unsubscribe');
    const [payload, signature] = confirmToken.split('.') as [string, string];
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const token of [forged, 'garbage', '', unsubscribeToken, `${confirmToken}x`]) {
      const res = await confirm(t, token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ code: 'EMAIL_LIST_TOKEN_INVALID' });
    }
    expect((await unsubscribe(t, confirmToken)).statusCode).toBe(400);
    const foreign = signListToken(
      'another-secret-another-secret-0123456789',
      (await rowOf(email))!.id,
      'confirm',
      t.deps.now!() + 60_000,
    );
    expect((await confirm(t, foreign)).statusCode).toBe(400);

    t.advanceTime((OUTREACH_LIMITS.confirmLinkDays * 24 + 1) * 3600_000);
    const expired = await confirm(t, confirmToken);
    expect(expired.statusCode).toBe(400);
    expect(messageOf(expired)).toMatch(/not valid or has expired\. Sign up again/);
    expect((await rowOf(email))!.status).toBe('pending');
    // The unsubscribe link never expires.
    expect((await unsubscribe(t, unsubscribeToken)).statusCode).toBe(200);
    const noToken = await inject(t, { method: 'POST', url: '/api/v1/email-list/unsubscribe' });
    expect(noToken.statusCode).toBe(400);
  });
});

describe('sign-ups nobody confirms', () => {
  const linkDays = OUTREACH_LIMITS.confirmLinkDays;
  const DAY = 24 * 3600_000;

  it('are forgotten when the confirmation link expires; the unsubscribe link still answers', async () => {
    const email = address();
    await signup(t, { email });
    const [mail] = await mailsTo(t, email);
    t.advanceTime(linkDays * DAY - 60_000);
    await t.runJobs();
    expect((await rowOf(email))!.status).toBe('pending');
    t.advanceTime(2 * 60_000);
    await t.runJobs();
    expect(await rowOf(email)).toBeUndefined();
    expect((await confirm(t, listLink(mail!.text, 'confirm'))).statusCode).toBe(400);
    const unsub = await unsubscribe(t, listLink(mail!.text, 'unsubscribe'));
    expect(unsub.statusCode).toBe(200);
    expect(unsub.json()).toEqual({
      message: 'You are unsubscribed: this address is not on that list any more.',
      list: null,
    });
  });

  it('keep a sign-up repeated since until its own link expires', async () => {
    const email = address();
    await signup(t, { email });
    expect(await mailsTo(t, email)).toHaveLength(1);
    t.advanceTime(3 * DAY);
    await signup(t, { email });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    t.advanceTime(linkDays * DAY - 2 * DAY);
    await t.runJobs();
    // The first sign-up's job has run: the row is the second sign-up's, its link still works.
    expect((await rowOf(email))!.status).toBe('pending');
    expect((await confirm(t, listLink(mails[1]!.text, 'confirm'))).statusCode).toBe(200);
    t.advanceTime(3 * DAY);
    await t.runJobs();
    expect((await rowOf(email))!.status).toBe('confirmed');
  });

  it('put an address that had unsubscribed back to unsubscribed, not deleted', async () => {
    const email = address();
    await signup(t, { email });
    const [first] = await mailsTo(t, email);
    await confirm(t, listLink(first!.text, 'confirm'));
    await unsubscribe(t, listLink(first!.text, 'unsubscribe'));
    await signup(t, { email });
    expect((await rowOf(email))!.status).toBe('pending');
    t.advanceTime(linkDays * DAY + 60_000);
    await t.runJobs();
    expect(await rowOf(email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(Date),
      confirmedAt: expect.any(Date),
    });
  });
});

describe("a seller's own list", () => {
  it('signs up to the seller by username, separately from the newsletter', async () => {
    const { user: maya } = await createUser(t.deps, { name: 'Maya' });
    const email = address();
    const res = await signup(t, { email, list: maya.username.toUpperCase(), source: 'site' });
    expect(res.statusCode).toBe(200);
    expect(messageOf(res)).toMatch(/start getting new posts from Maya by email\.$/);
    expect(await rowOf(email, maya.id)).toMatchObject({ status: 'pending', source: 'site' });
    expect(await rowOf(email)).toBeUndefined();
    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toBe("Confirm your subscription to Maya's email list");
    const done = await confirm(t, listLink(mail!.text, 'confirm'));
    expect(done.json().list).toEqual({ username: maya.username, name: 'Maya' });
  });

  it("is as large as the seller's plan allows; the visitor is told it is full", async () => {
    const { user: leo } = await createUser(t.deps, { name: 'Leo' });
    const limit = PLANS.free.limits.emailListSubscribers!;
    await t.deps.database.db.insert(emailListSubscribers).values(
      Array.from({ length: limit }, (_, i) => ({
        listOwnerId: leo.id,
        email: `fan${i}@example.test`,
        status: i % 2 ? ('confirmed' as const) : ('pending' as const),
        // The app's clock (moved forward by earlier tests), not the database's.
        createdAt: new Date(t.deps.now!()),
        updatedAt: new Date(t.deps.now!()),
      })),
    );
    const email = address();
    const full = await signup(t, { email, list: leo.username });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        "Leo's email list is full for now, so it cannot take new sign-ups. Follow Leo to see new posts instead.",
    });
    expect(await rowOf(email, leo.id)).toBeUndefined();
    // Someone already on the list is not refused; an unsubscribed address frees a place.
    expect((await signup(t, { email: 'fan0@example.test', list: leo.username })).statusCode).toBe(
      200,
    );
    await t.deps.database.db
      .update(emailListSubscribers)
      .set({ status: 'unsubscribed' })
      .where(
        and(
          eq(emailListSubscribers.listOwnerId, leo.id),
          eq(emailListSubscribers.email, 'fan1@example.test'),
        ),
      );
    expect((await signup(t, { email, list: leo.username })).statusCode).toBe(200);
    // A sign-up never confirmed stops holding a place once its link has expired.
    const later = address();
    expect((await signup(t, { email: later, list: leo.username })).statusCode).toBe(403);
    t.advanceTime((OUTREACH_LIMITS.confirmLinkDays * 24 + 1) * 3600_000);
    expect((await signup(t, { email: later, list: leo.username })).statusCode).toBe(200);
    // A paid plan allows more.
    await t.deps.database.db
      .update(users)
      .set({
        plan: {
          id: 'creator',
          start: new Date(t.deps.now!()).toISOString(),
          end: null,
          frequency: 'month',
          subscriptionScheduleId: null,
        },
      })
      .where(eq(users.id, leo.id));
    expect((await signup(t, { email: address(), list: leo.username })).statusCode).toBe(200);
  });

  it('refuses sign-ups to a suspended seller', async () => {
    const { user } = await createUser(t.deps);
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, user.id));
    expect((await signup(t, { email: address(), list: user.username })).statusCode).toBe(404);
  });
});
