import { describe, expect, it } from 'vitest';
import {
  EMPTY_SESSION,
  fetchSession,
  getSession,
  isAdmin,
  sessionMayHaveChanged,
  withoutTokens,
} from './session';
import { sessionUserFixture as user, siteFixture as site } from './session.fixtures';

/** An apiFetch answering every call with `body` (JSON) and `status`. */
function answering(body: unknown, status = 200): typeof fetch {
  return (async () => Response.json(body, { status })) as typeof fetch;
}

describe('fetchSession', () => {
  it('returns the user and site of a 200 /users/me answer', async () => {
    expect(await fetchSession(answering({ user, site }))).toEqual({ user, site });
  });

  it('drops tokens and other keys the contract does not name', async () => {
    const session = await fetchSession(
      answering({ user: { ...user, token: 't', refreshToken: 'r', passwordHash: 'h' }, site }),
    );
    expect(session.user).toEqual(user);
    expect(session.user).not.toHaveProperty('token');
    expect(session.user).not.toHaveProperty('refreshToken');
    expect(session.user).not.toHaveProperty('passwordHash');
  });

  it('a malformed /users/me answer is the signed-out session', async () => {
    const malformed: unknown[] = [
      null,
      'ann',
      [],
      {},
      { user },
      { user: { _id: 'u1', username: 'ann' }, site },
      { user: { ...user, role: 'owner' }, site },
      { user, site: { _id: 's1', name: 'Ann’s' } },
    ];
    for (const body of malformed) {
      expect(await fetchSession(answering(body))).toEqual(EMPTY_SESSION);
    }
    const notJson = (async () => new Response('<html>', { status: 200 })) as typeof fetch;
    expect(await fetchSession(notJson)).toEqual(EMPTY_SESSION);
  });

  it('any other status, or the API being down, is signed out', async () => {
    expect(await fetchSession(answering({ user, site }, 401))).toEqual(EMPTY_SESSION);
    const down = (async () => Promise.reject(new Error('down'))) as typeof fetch;
    expect(await fetchSession(down)).toEqual(EMPTY_SESSION);
  });
});

describe('getSession', () => {
  it('asks /users/me once per load context', async () => {
    let calls = 0;
    const apiFetch = (async () => {
      calls += 1;
      return Response.json({ user, site });
    }) as typeof fetch;
    const context = { apiFetch };
    expect(await getSession(context)).toEqual({ user, site });
    await getSession(context);
    expect(calls).toBe(1);
    await getSession({ apiFetch });
    expect(calls).toBe(2);
  });
});

describe('isAdmin', () => {
  it('is true for admin and superAdmin only', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isAdmin({ role: 'superAdmin' })).toBe(true);
    expect(isAdmin({ role: 'moderator' })).toBe(false);
    expect(isAdmin({ role: 'user' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe('withoutTokens', () => {
  it('removes token and refreshToken', () => {
    expect(withoutTokens({ ...user, token: 't', refreshToken: 'r' })).toEqual(user);
  });
});

describe('sessionMayHaveChanged', () => {
  it('is true when leaving /login or /logout', () => {
    expect(sessionMayHaveChanged('/login')).toBe(true);
    expect(sessionMayHaveChanged('/login/')).toBe(true);
    expect(sessionMayHaveChanged('/logout')).toBe(true);
  });
  it('is false for other pages', () => {
    for (const p of ['/', '/edit-profile', '/login-help', '/users/login']) {
      expect(sessionMayHaveChanged(p)).toBe(false);
    }
  });
});
