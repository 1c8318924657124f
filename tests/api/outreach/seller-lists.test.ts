import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailListSubscribers } from '../../../src/server/db/schema';
import { csvCell, NEW_POST_DELAY_MS } from '../../../src/server/modules/outreach';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startSession } from '../../../src/server/modules/accounts';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { headersOf, mailsTo } from '../../factories/notifications';

/** Sellers' lists: the "New from" mail of a new post, stats and the CSV export. */
let t: TestApp;
let maya: Awaited<ReturnType<typeof signedInUser>>;
let leo: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  maya = await signedInUser(t.deps, { name: 'Maya' });
  leo = await signedInUser(t.deps, { name: 'Leo' });
  admin = await signedInUser(t.deps, { role: 'admin' });
  const at = (day: number) => new Date(Date.UTC(2025, 0, day));
  await t.deps.database.db.insert(emailListSubscribers).values([
    {
      listOwnerId: maya.user.id,
      email: 'fan@example.test',
      name: 'Fan',
      status: 'confirmed',
      source: 'site',
      createdAt: at(1),
      confirmedAt: at(2),
    },
    {
      listOwnerId: maya.user.id,
      email: 'pending@example.test',
      status: 'pending',
      source: 'site',
      createdAt: at(3),
    },
    {
      listOwnerId: maya.user.id,
      email: 'gone@example.test',
      status: 'unsubscribed',
      createdAt: at(4),
    },
    {
      listOwnerId: maya.user.id,
      email: 'evil@example.test',
      name: '=HYPERLINK("http://x","click"), +1',
      status: 'confirmed',
      createdAt: at(5),
      confirmedAt: at(5),
    },
    {
      listOwnerId: leo.user.id,
      email: 'leofan@example.test',
      status: 'confirmed',
      createdAt: at(6),
      confirmedAt: at(6),
    },
    {
      listOwnerId: null,
      email: 'news@example.test',
      status: 'confirmed',
      source: 'footer',
      createdAt: at(7),
      confirmedAt: at(7),
    },
  ]);
});
afterAll(() => t?.close());

const actor = (u: typeof maya) => ({ id: u.user.id, role: u.user.role });
/** A fresh access token (the tests move the clock past the last one's lifetime). */
const authOf = async (u: typeof maya) => ({
  'x-access-token': (await startSession(t.moduleDeps(), u.user)).token,
});

describe('a new post', () => {
  it("is mailed to the seller's confirmed subscribers only, after the delay, with the unsubscribe headers", async () => {
    const post = await createProduct(t, actor(maya), { title: 'Vintage GPU', price: 120 });
    expect(await mailsTo(t, 'fan@example.test')).toHaveLength(0);
    t.advanceTime(NEW_POST_DELAY_MS + 1000);
    await t.runJobs(); // the fan-out queues the mails, the next run sends them
    const [mail, ...more] = await mailsTo(t, 'fan@example.test');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New from Maya: Vintage GPU');
    expect(mail!.text).toContain('Vintage GPU — $120.00');
    expect(mail!.text).toContain(`http://localhost:3000${post.path}`);
    expect(mail!.text).toMatch(
      /Unsubscribe from Maya's email list:\nhttp:\/\/localhost:3000\/email-list\?unsubscribe=/,
    );
    const headers = await headersOf(t, mail!.file);
    expect(headers.get('list-unsubscribe')).toMatch(/\/api\/v1\/email-list\/unsubscribe\?token=/);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await mailsTo(t, 'evil@example.test')).toHaveLength(1);
    for (const other of [
      'pending@example.test',
      'gone@example.test',
      'leofan@example.test',
      'news@example.test',
    ])
      expect(await mailsTo(t, other), other).toHaveLength(0);
  });

  it('waits for a draft to be published, and is sent once per post', async () => {
    const draft = await createProduct(t, actor(leo), { title: 'Draft board', status: 'draft' });
    t.advanceTime(NEW_POST_DELAY_MS + 1000);
    await t.runJobs();
    expect(await mailsTo(t, 'leofan@example.test')).toHaveLength(0);
    const publish = async (status: string) =>
      inject(t, {
        method: 'PATCH',
        url: '/api/v1/products/status',
        headers: await authOf(leo),
        payload: { id: draft._id, status },
      });
    expect((await publish('published')).statusCode).toBe(200);
    await publish('draft');
    await publish('published');
    t.advanceTime(NEW_POST_DELAY_MS + 1000);
    await t.runJobs();
    const mails = await mailsTo(t, 'leofan@example.test');
    expect(mails.map((m) => m.subject)).toEqual(['New from Leo: Draft board']);
  });

  it('is not sent when the post was taken back before the delay ran out', async () => {
    const post = await createProduct(t, actor(leo), { title: 'Oops' });
    await inject(t, {
      method: 'PATCH',
      url: '/api/v1/products/status',
      headers: await authOf(leo),
      payload: { id: post._id, status: 'archived' },
    });
    t.advanceTime(NEW_POST_DELAY_MS + 1000);
    await t.runJobs();
    expect((await mailsTo(t, 'leofan@example.test')).map((m) => m.subject)).not.toContain(
      'New from Leo: Oops',
    );
  });
});

describe('stats and CSV export', () => {
  const get = (url: string, headers?: Record<string, string>) =>
    inject(t, { method: 'GET', url: `/api/v1${url}`, headers });

  it("give a seller their own list's size and plan limit", async () => {
    const res = await get('/email-list/stats', await authOf(maya));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      list: { username: maya.user.username, name: 'Maya' },
      confirmed: 2,
      pending: 1,
      unsubscribed: 1,
      limit: 100,
    });
  });

  it('export confirmed subscribers as injection-safe CSV, or everyone with status=all', async () => {
    const res = await get('/email-list/export', await authOf(maya));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="email-list-${maya.user.username}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.split('\r\n')).toEqual([
      'email,name,status,source,subscribed_at,confirmed_at',
      'fan@example.test,Fan,confirmed,site,2025-01-01T00:00:00.000Z,2025-01-02T00:00:00.000Z',
      `evil@example.test,"'=HYPERLINK(""http://x"",""click""), +1",confirmed,,2025-01-05T00:00:00.000Z,2025-01-05T00:00:00.000Z`,
      '',
    ]);
    const all = await get('/email-list/export?status=all', await authOf(maya));
    expect(
      all.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual([
      'fan@example.test',
      'pending@example.test',
      'gone@example.test',
      'evil@example.test',
    ]);
  });

  it('let a member see only their own list; admins see any and the newsletter', async () => {
    expect((await get('/email-list/export')).statusCode).toBe(401);
    expect(
      (await get(`/email-list/export?list=${maya.user.username}`, await authOf(leo))).statusCode,
    ).toBe(403);
    expect(
      (await get(`/email-list/stats?list=${maya.user.username}`, await authOf(leo))).statusCode,
    ).toBe(403);
    expect((await get('/email-list/export?list=marketplace', await authOf(maya))).statusCode).toBe(
      403,
    );
    expect(
      (await get(`/email-list/export?list=${maya.user.username}`, await authOf(maya))).statusCode,
    ).toBe(200);

    const hers = await get(`/email-list/export?list=${maya.user.username}`, await authOf(admin));
    expect(hers.statusCode).toBe(200);
    expect(hers.body).toContain('fan@example.test');
    expect(hers.body).not.toContain('leofan@example.test');
    const news = await get('/email-list/export?list=marketplace', await authOf(admin));
    expect(news.body.split('\r\n')[1]).toBe(
      'news@example.test,,confirmed,footer,2025-01-07T00:00:00.000Z,2025-01-07T00:00:00.000Z',
    );
    expect(news.headers['content-disposition']).toMatch(/filename="email-list-marketplace-/);
    expect(
      (await get('/email-list/stats?list=marketplace', await authOf(admin))).json(),
    ).toMatchObject({ list: null, confirmed: 1, limit: null });
    expect(
      (await get('/email-list/export?list=nobody-at-all', await authOf(admin))).statusCode,
    ).toBe(404);
  });

  it('neutralise every cell a spreadsheet would run as a formula', () => {
    expect(
      ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', 'a,b', 'say "hi"'].map(csvCell),
    ).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", 'plain', '"a,b"', '"say ""hi"""']);
  });
});

it('keeps unsubscribed rows out of the new-post fan-out even when they were confirmed before', async () => {
  await t.deps.database.db
    .update(emailListSubscribers)
    .set({ status: 'unsubscribed' })
    .where(eq(emailListSubscribers.email, 'fan@example.test'));
  const before = (await mailsTo(t, 'fan@example.test')).length;
  await createProduct(t, actor(maya), { title: 'Another one' });
  t.advanceTime(NEW_POST_DELAY_MS + 1000);
  await t.runJobs();
  expect(await mailsTo(t, 'fan@example.test')).toHaveLength(before);
  expect((await mailsTo(t, 'evil@example.test')).map((m) => m.subject)).toContain(
    'New from Maya: Another one',
  );
});
