import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { LAST_SUPER_ADMIN } from '../../../src/server/modules/accounts/roles';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const setRole = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/admin/users/roles',
    headers: token ? { 'x-access-token': token } : {},
    payload: payload as object,
  });

describe('PATCH /admin/users/roles', () => {
  it('lets an admin make a user a moderator; the new role applies to existing tokens at once', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const target = await signedInUser(t.deps);
    const res = await setRole(admin.token, { id: target.user.id, role: 'moderator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: target.user.id, role: 'moderator' });
    // The target's token (issued as 'user') now acts as a moderator; an admin-only call still refuses it.
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: target.auth });
    expect(me.json().user.role).toBe('moderator');
    expect((await setRole(target.token, { id: admin.user.id, role: 'user' })).statusCode).toBe(403);
  });

  it('only lets a super admin grant or remove admin rights', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const otherAdmin = await signedInUser(t.deps, { role: 'admin' });
    const user = await signedInUser(t.deps);
    const grant = await setRole(admin.token, { id: user.user.id, role: 'admin' });
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toMatchObject({ code: 'SUPER_ADMIN_ONLY' });
    expect((await setRole(admin.token, { id: otherAdmin.user.id, role: 'user' })).statusCode).toBe(
      403,
    );

    const root = await signedInUser(t.deps, { role: 'superAdmin' });
    expect((await setRole(root.token, { id: user.user.id, role: 'admin' })).json().user.role).toBe(
      'admin',
    );
    expect(
      (await setRole(root.token, { id: otherAdmin.user.id, role: 'superAdmin' })).json().user.role,
    ).toBe('superAdmin');
    expect(
      (await setRole(root.token, { id: otherAdmin.user.id, role: 'user' })).json().user.role,
    ).toBe('user');
  });

  it('never lets anyone change their own role', async () => {
    const root = await signedInUser(t.deps, { role: 'superAdmin' });
    const res = await setRole(root.token, { id: root.user.id, role: 'user' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'OWN_ROLE',
      message: 'You cannot change your own role.',
    });
  });

  it('compares ids canonically: an upper-case spelling of one’s own id is still one’s own', async () => {
    const root = await signedInUser(t.deps, { role: 'superAdmin' });
    const res = await setRole(root.token, { id: root.user.id.toUpperCase(), role: 'user' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_ROLE' });
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: root.auth });
    expect(me.json().user.role).toBe('superAdmin');
    // Another account addressed in upper case is found and changed as usual.
    const user = await signedInUser(t.deps);
    const promoted = await setRole(root.token, { id: user.user.id.toUpperCase(), role: 'moderator' });
    expect(promoted.json().user).toMatchObject({ _id: user.user.id, role: 'moderator' });
  });

  it('is 401 signed out and 403 for users and moderators', async () => {
    const user = await signedInUser(t.deps);
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const anon = await setRole(undefined, { id: user.user.id, role: 'moderator' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Please log in to do that.');
    expect((await setRole(user.token, { id: moderator.user.id, role: 'user' })).statusCode).toBe(
      403,
    );
    expect(
      (await setRole(moderator.token, { id: user.user.id, role: 'moderator' })).statusCode,
    ).toBe(403);
  });

  it('validates the body and answers 404 for an unknown user', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const badRole = await setRole(admin.token, { id: admin.user.id, role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe('role: Choose one of: user, moderator, admin, superAdmin.');
    const badId = await setRole(admin.token, {
      id: "1; update users set role='superAdmin'",
      role: 'user',
    });
    expect(badId.json().message).toBe('id: Must be a user id.');
    const missing = await setRole(admin.token, { role: 'user' });
    expect(missing.json().message).toBe('id: This field is required.');
    const unknown = await setRole(admin.token, {
      id: '00000000-0000-4000-8000-000000000000',
      role: 'user',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the last super admin', () => {
  it('can never be demoted, whoever asks and however the id is spelt', async () => {
    const own = await createTestApp();
    try {
      const change = (token: string, id: string, role: string) =>
        own.app.inject({
          method: 'PATCH',
          url: '/api/v1/admin/users/roles',
          headers: { 'x-access-token': token },
          payload: { id, role },
        });
      const first = await signedInUser(own.deps, { role: 'superAdmin' });
      const second = await signedInUser(own.deps, { role: 'superAdmin' });
      // Two super admins: one may step the other down…
      expect((await change(first.token, second.user.id, 'admin')).json().user.role).toBe('admin');
      // …but then the last one stays, even when the demoted admin is restored and asks.
      expect((await change(first.token, first.user.id.toUpperCase(), 'user')).statusCode).toBe(403);
      const again = await change(second.token, first.user.id, 'user');
      expect(again.statusCode).toBe(403);
      const [row] = await own.deps.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, first.user.id));
      expect(row?.role).toBe('superAdmin');
    } finally {
      await own.close();
    }
  });

  it('survives two super admins demoting each other at the same moment', async () => {
    const own = await createTestApp();
    try {
      const a = await signedInUser(own.deps, { role: 'superAdmin' });
      const b = await signedInUser(own.deps, { role: 'superAdmin' });
      const demote = (token: string, id: string) =>
        own.app.inject({
          method: 'PATCH',
          url: '/api/v1/admin/users/roles',
          headers: { 'x-access-token': token },
          payload: { id, role: 'user' },
        });
      const results = await Promise.all([demote(a.token, b.user.id), demote(b.token, a.user.id)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused: either it already lost its rights, or it would leave no super admin.
      expect([403, 409]).toContain(statuses[1]);
      const loser = results.find((r) => r.statusCode !== 200)!;
      if (loser.statusCode === 409) expect(loser.json().message).toBe(LAST_SUPER_ADMIN);
      const supers = await own.deps.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'superAdmin'));
      expect(supers).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('OpenAPI', () => {
  it('publishes every account call', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v1/register',
      '/api/v1/users/activate-account',
      '/api/v1/re-send-account-verification',
      '/api/v1/login',
      '/api/v1/token',
      '/api/v1/logout',
      '/api/v1/users/password-reset-link',
      '/api/v1/users/password',
      '/api/v1/users/me',
      '/api/v1/users/{id}',
      '/api/v1/users',
      '/api/v1/profiles/media',
      '/api/v1/admin/users/roles',
      '/api/v1/sites',
      '/api/v1/sites/mine',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(
      res.json().paths['/api/v1/register'].post.requestBody.content['application/json'].schema
        .required,
    ).toEqual(expect.arrayContaining(['username', 'email', 'password']));
  });
});
