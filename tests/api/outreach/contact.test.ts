import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../src/server/db/schema';
import { adminRecipients } from '../../../src/server/modules/outreach';
import {
  CONTACT_THANKS,
  HONEYPOT_MESSAGE,
  OUTREACH_LIMITS,
} from '../../../src/shared/contracts/outreach';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, nextIp, signedInUser } from '../../factories/accounts';
import { headersOf, mailsTo } from '../../factories/notifications';
import { contactBody, messageOf, sendContact } from './outreach-support';

/** POST /contact: stored, mailed to every admin (Reply-To the sender) through the job queue. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let superAdmin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.deps, { role: 'admin' });
  superAdmin = await createUser(t.deps, { role: 'superAdmin' });
});
afterAll(() => t?.close());

const stored = (email: string) =>
  t.deps.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('sending the contact form', () => {
  it('stores the message and mails every admin with Reply-To the sender, the text escaped', async () => {
    const member = await createUser(t.deps);
    const body = contactBody({
      email: 'Grace@Example.test',
      subject: 'Fees   and\npayouts',
      message: 'Hello <b>team</b>,\n\nwhat does the fee cover? <script>alert(1)</script>',
    });
    const res = await sendContact(t, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CONTACT_THANKS });

    const [row] = await stored('grace@example.test');
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      topic: 'selling',
      subject: 'Fees and payouts',
      status: 'new',
      userId: null,
    });
    expect(row!.message).toBe(
      'Hello <b>team</b>,\n\nwhat does the fee cover? <script>alert(1)</script>',
    );

    for (const to of [admin.user.email, superAdmin.user.email]) {
      const [mail, ...more] = await mailsTo(t, to);
      expect(more).toHaveLength(0);
      expect(mail!.subject).toBe('[Contact] Selling and payouts: Fees and payouts');
      expect(mail!.text).toContain('From: Ada Lovelace <grace@example.test>');
      expect(mail!.text).toContain('what does the fee cover? <script>alert(1)</script>');
      expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail!.html).not.toContain('<script>');
      expect((await headersOf(t, mail!.file)).get('reply-to')).toBe('grace@example.test');
    }
    // Members who are not admins never get it.
    expect(await mailsTo(t, member.user.email)).toHaveLength(0);
  });

  it('records the signed-in sender', async () => {
    const sam = await signedInUser(t.deps);
    const res = await sendContact(t, contactBody({ email: 'sam-contact@example.test' }), {
      headers: sam.auth,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await stored('sam-contact@example.test');
    expect(row!.userId).toBe(sam.user.id);
    const mail = (await mailsTo(t, admin.user.email)).at(-1)!;
    expect(mail.text).toContain(`(signed in as @${sam.user.username})`);
  });

  it('mails ADMIN_EMAIL too, once, whatever its case', async () => {
    const deps = t.moduleDeps();
    const env = { ...deps.env, ADMIN_EMAIL: admin.user.email.toUpperCase() };
    expect(await adminRecipients({ db: deps.db, env })).toEqual(
      [admin.user.email, superAdmin.user.email].map((e) => e.toLowerCase()).sort(),
    );
    const withBoss = await adminRecipients({
      db: deps.db,
      env: { ...env, ADMIN_EMAIL: 'boss@example.test' },
    });
    expect(withBoss).toContain('boss@example.test');
  });

  it('refuses a filled honeypot with a 400 that tells a person what to do, storing nothing', async () => {
    const res = await sendContact(
      t,
      contactBody({ email: 'bot@example.test', website: 'http://spam.example' }),
    );
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(HONEYPOT_MESSAGE);
    expect(await stored('bot@example.test')).toHaveLength(0);
  });

  it('says which field is wrong and why', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '   ' }, /^name: Tell us your name\./],
      [{ email: 'not-an-email' }, /^email: Enter a valid email address\./],
      [{ topic: 'lottery' }, /^topic: Choose one of: order, account, selling, report, other\./],
      [{ topic: undefined }, /^topic: Choose what your message is about\./],
      [{ subject: '' }, /^subject: Give your message a subject\./],
      [
        { subject: 'x'.repeat(OUTREACH_LIMITS.subjectMax + 1) },
        /^subject: Use at most 150 characters\./,
      ],
      [{ message: 'Hi' }, /^message: Write at least 10 characters/],
      [
        { message: 'x'.repeat(OUTREACH_LIMITS.messageMax + 1) },
        /^message: Use at most 5000 characters\./,
      ],
    ];
    for (const [change, expected] of cases) {
      const res = await sendContact(t, contactBody({ email: 'fields@example.test', ...change }));
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(messageOf(res)).toMatch(expected);
    }
    expect(await stored('fields@example.test')).toHaveLength(0);
  });

  it(`allows ${OUTREACH_LIMITS.contactPerHour} messages an hour per client address`, async () => {
    const ip = nextIp();
    for (let i = 0; i < OUTREACH_LIMITS.contactPerHour; i++) {
      const res = await sendContact(t, contactBody({ email: `ip${i}@example.test` }), { ip });
      expect(res.statusCode).toBe(200);
    }
    const refused = await sendContact(t, contactBody({ email: 'ip-last@example.test' }), { ip });
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    expect(await stored('ip-last@example.test')).toHaveLength(0);
  });

  it(`and ${OUTREACH_LIMITS.contactPerHour} an hour per sender address, from any client`, async () => {
    for (let i = 0; i < OUTREACH_LIMITS.contactPerHour; i++)
      expect((await sendContact(t, contactBody({ email: 'Busy@example.test' }))).statusCode).toBe(
        200,
      );
    const refused = await sendContact(t, contactBody({ email: 'busy@example.test' }));
    expect(refused.statusCode).toBe(429);
    expect(await stored('busy@example.test')).toHaveLength(OUTREACH_LIMITS.contactPerHour);
  });
});

describe('the admin list of contact messages', () => {
  const list = (query: string, headers?: Record<string, string>) =>
    inject(t, { method: 'GET', url: `/api/v1/admin/contact-messages${query}`, headers });

  it('is for admins only', async () => {
    expect((await list('')).statusCode).toBe(401);
    const member = await signedInUser(t.deps);
    expect((await list('', member.auth)).statusCode).toBe(403);
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    expect((await list('', moderator.auth)).statusCode).toBe(403);
    const patch = await inject(t, {
      method: 'PATCH',
      url: '/api/v1/admin/contact-messages/00000000-0000-4000-8000-000000000000',
      headers: member.auth,
      payload: { status: 'handled' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('lists new messages newest first, marks one handled (by whom), filters by status', async () => {
    await sendContact(t, contactBody({ email: 'first@example.test', subject: 'First' }));
    t.advanceTime(1000);
    await sendContact(t, contactBody({ email: 'second@example.test', subject: 'Second' }));
    const res = await list('?limit=2', admin.auth);
    expect(res.statusCode).toBe(200);
    const { messages, recordsCount } = res.json() as {
      messages: { _id: string; subject: string }[];
      recordsCount: number;
    };
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(recordsCount).toBeGreaterThanOrEqual(2);

    const patch = await inject(t, {
      method: 'PATCH',
      url: `/api/v1/admin/contact-messages/${messages[1]!._id}`,
      headers: admin.auth,
      payload: { status: 'handled' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().contactMessage).toMatchObject({
      subject: 'First',
      status: 'handled',
      handledAt: expect.any(String),
      handledBy: { _id: admin.user.id, username: admin.user.username },
    });
    const fresh = (await list('?limit=100', admin.auth)).json() as {
      messages: { subject: string }[];
      recordsCount: number;
    };
    expect(fresh.messages.map((m) => m.subject)).not.toContain('First');
    expect(fresh.recordsCount).toBe(recordsCount - 1);
    const handled = (await list('?status=handled', admin.auth)).json();
    expect(handled).toMatchObject({ recordsCount: 1, messages: [{ subject: 'First' }] });
    const all = (await list('?status=all&limit=100', admin.auth)).json();
    expect(all.recordsCount).toBe(recordsCount);
    expect((await list('?status=archived', admin.auth)).statusCode).toBe(400);
  });

  it('answers 404 for a message that does not exist', async () => {
    const res = await inject(t, {
      method: 'PATCH',
      url: '/api/v1/admin/contact-messages/00000000-0000-4000-8000-000000000000',
      headers: admin.auth,
      payload: { status: 'handled' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CONTACT_MESSAGE_NOT_FOUND' });
  });
});
