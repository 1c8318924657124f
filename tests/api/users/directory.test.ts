import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, signedInUser } from '../../factories/accounts';
import { call } from '../../factories/moderation';

let t: TestApp;
/** A word no other test's names contain, so searches see only this file's accounts. */
const WORD = `zq${process.pid.toString(36)}`;
let ana: Awaited<ReturnType<typeof createUser>>['user'];
let anabel: Awaited<ReturnType<typeof createUser>>['user'];
let bruno: Awaited<ReturnType<typeof createUser>>['user'];
let carla: Awaited<ReturnType<typeof createUser>>['user'];
let bea: Awaited<ReturnType<typeof createUser>>['user'];
let pending: Awaited<ReturnType<typeof createUser>>['user'];
let banned: Awaited<ReturnType<typeof createUser>>['user'];

beforeAll(async () => {
  t = await createTestApp();
  ana = (await createUser(t.deps, { username: `${WORD}-ana`, name: 'Ana Flores' })).user;
  anabel = (await createUser(t.deps, { username: `anabel-${WORD}`, name: 'Anabel Mendez' })).user;
  bruno = (
    await createUser(t.deps, {
      username: `bruno-${WORD}`,
      name: `Bruno ${WORD.toUpperCase()} Costa`,
      email: `bruno-${WORD}@shop.example.test`,
      role: 'moderator',
    })
  ).user;
  carla = (await createUser(t.deps, { username: `carla-${WORD}`, accountType: 'seller' })).user;
  // A buyer who only buys has no public page to be found by (docs/decisions/051).
  bea = (await createUser(t.deps, { username: `bea-${WORD}`, accountType: 'buyer' })).user;
  pending = (await createUser(t.deps, { username: `pending-${WORD}`, activated: false })).user;
  banned = (await createUser(t.deps, { username: `banned-${WORD}` })).user;
  await t.deps.database.db
    .update(users)
    .set({ status: 'suspended' })
    .where(eq(users.id, banned.id));
});
afterAll(() => t?.close());

const directory = (query: string) => call(t, undefined, 'GET', `/api/v1/users${query}`);

describe('GET /users (the member directory)', () => {
  it('finds active, activated members with a public page by part of the username or name, case-insensitively', async () => {
    const res = await directory(`?name=${WORD.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.users.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining([ana.username, anabel.username, carla.username]));
    // Suspended and not-yet-activated accounts are nobody's business; nor are staff accounts and
    // buyers without a page (docs/decisions/051).
    expect(names).not.toContain(pending.username);
    expect(names).not.toContain(banned.username);
    expect(names).not.toContain(bruno.username);
    expect(names).not.toContain(bea.username);
    expect(body.recordsCount).toBe(3);
    // Public fields only.
    for (const user of body.users) {
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('plan');
      expect(user).not.toHaveProperty('stripeUserId');
      expect(user).not.toHaveProperty('role');
      expect(user).not.toHaveProperty('accountType');
      expect(user).toHaveProperty('likesCount');
    }
    // A display name matches as well as a username.
    const byName = (await directory('?name=anabel%20MENDEZ')).json();
    expect(byName.users.map((u: { _id: string }) => u._id)).toEqual([anabel.id]);
  });

  it('puts usernames starting with the search first', async () => {
    const body = (await directory(`?name=${WORD}-`)).json();
    expect(body.users[0].username).toBe(ana.username);
  });

  it('pages the matches and counts them all', async () => {
    const first = (await directory(`?name=${WORD}&limit=2&page=1`)).json();
    const second = (await directory(`?name=${WORD}&limit=2&page=2`)).json();
    expect(first.users).toHaveLength(2);
    expect(second.users).toHaveLength(1);
    expect(first.recordsCount).toBe(3);
    const ids = [...first.users, ...second.users].map((u: { _id: string }) => u._id);
    expect(new Set(ids).size).toBe(3);
  });

  it('takes LIKE wildcards literally and answers an empty list when nobody matches', async () => {
    const body = (await directory(`?name=${encodeURIComponent('%_')}`)).json();
    expect(body).toEqual({ users: [], recordsCount: 0 });
    // An empty search lists everyone listed (newest first), still without the hidden ones.
    const all = (await directory('?name=&limit=100')).json();
    const names = all.users.map((u: { username: string }) => u.username);
    expect(names).toContain(ana.username);
    expect(names).not.toContain(banned.username);
  });

  it('refuses bad paging with a readable message', async () => {
    const res = await directory('?limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('limit: Must be at most 100.');
    expect((await directory('?page=0')).json().message).toBe('page: Must be at least 1.');
  });
});

describe('GET /admin/users', () => {
  const list = (token: string | undefined, query: string) =>
    call(t, token, 'GET', `/api/v1/admin/users${query}`);

  it('lists every account with email, role, status and dates for moderators and admins', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const res = await list(admin.token, `?q=${WORD}&limit=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recordsCount).toBe(7);
    const byId = new Map(body.users.map((u: { _id: string }) => [u._id, u]));
    expect(byId.get(pending.id)).toMatchObject({
      username: pending.username,
      email: pending.email,
      role: 'user',
      status: 'active',
      activatedAt: null,
    });
    expect(byId.get(banned.id)).toMatchObject({ status: 'suspended' });
    expect((byId.get(bruno.id) as { activatedAt: string }).activatedAt).toMatch(/^\d{4}-/);
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    expect((await list(moderator.token, `?q=${WORD}`)).json().recordsCount).toBe(7);
  });

  it('filters by role and status and searches emails', async () => {
    const admin = await signedInUser(t.deps, { role: 'superAdmin' });
    const moderators = (await list(admin.token, `?q=${WORD}&role=moderator`)).json();
    expect(moderators.users.map((u: { _id: string }) => u._id)).toEqual([bruno.id]);
    const suspended = (await list(admin.token, `?q=${WORD}&status=suspended`)).json();
    expect(suspended.users.map((u: { _id: string }) => u._id)).toEqual([banned.id]);
    const byEmail = (await list(admin.token, '?q=shop.example.test')).json();
    expect(byEmail.users.map((u: { _id: string }) => u._id)).toContain(bruno.id);
    const none = (await list(admin.token, `?q=${WORD}&role=superAdmin`)).json();
    expect(none).toEqual({ users: [], recordsCount: 0 });
  });

  it('is 401 signed out, 403 for members, and validates its filters', async () => {
    expect((await list(undefined, '')).statusCode).toBe(401);
    const member = await signedInUser(t.deps);
    expect((await list(member.token, '')).statusCode).toBe(403);
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const bad = await list(admin.token, '?role=owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('role: Choose one of: user, moderator, admin, superAdmin.');
    expect((await list(admin.token, '?status=gone')).json().message).toBe(
      'status: Choose one of: active, suspended.',
    );
  });
});
