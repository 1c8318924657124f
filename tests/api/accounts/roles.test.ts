import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('OpenAPI', () => {
  it('publishes every account call', async () => {
    const res = await t.app.inject('/api/docs');
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
