import { describe, expect, it } from 'vitest';
import { serverApi } from '../../lib/api';
import { EMPTY_SESSION, isAdmin, sessionMayHaveChanged, withoutTokens } from './session';
import { fetchSession, getSession } from './session.server';
import { sessionUserFixture as user, siteFixture as site } from './session.fixtures';

/** An apiFetch answering every call with `body` (JSON) and `status`. */
function answering(body: unknown, status = 200): typeof fetch {
  return (async () => Response.json(body, { status })) as typeof fetch;
}

/** fetchSession through the server client bound to this apiFetch, as getSession calls it. */
const fetchWith = (apiFetch: typeof fetch) => fetchSession(serverApi({ apiFetch }));

describe('fetchSession', () => {
  it('returns the user and site of a 200 /users/me answer', async () => {
    expect(await fetchWith(answering({ user, site }))).toEqual({ user, site });
  });

  it('drops tokens and other keys the contract does not name', async () => {
    const session = await fetchWith(
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
      expect(await fetchWith(answering(body))).toEqual(EMPTY_SESSION);
    }
    const notJson = (async () => new Response('<html>', { status: 200 })) as typeof fetch;
    expect(await fetchWith(notJson)).toEqual(EMPTY_SESSION);
  });

  it('any other status, or the API being down, is signed out', async () => {
    expect(await fetchWith(answering({ user, site }, 401))).toEqual(EMPTY_SESSION);
    const down = (async () => Promise.reject(new Error('down'))) as typeof fetch;
    expect(await fetchWith(down)).toEqual(EMPTY_SESSION);
  });
});

describe('getSession', () => {
  it('asks /users/me once per load context', async () => {
    let calls = 0;
    const apiFetch = (async () => {
      calls += 1;
      return Response.json({ user, site });
    }) as typeof fetch;
    const context = { apiFetch, signedIn: true };
    expect(await getSession(context)).toEqual({ user, site });
    await getSession(context);
    expect(calls).toBe(1);
    await getSession({ apiFetch, signedIn: true });
    expect(calls).toBe(2);
  });

  it('asks GET /users/me, and does not refresh in-process on a 401', async () => {
    const asked: string[] = [];
    const apiFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return Response.json({ message: 'Please log in.' }, { status: 401 });
    }) as typeof fetch;
    expect(await getSession({ apiFetch, signedIn: true })).toEqual(EMPTY_SESSION);
    expect(asked).toEqual(['GET /api/v1/users/me']);
  });

  it('makes no call at all when the server found no session', async () => {
    let calls = 0;
    const apiFetch = (async () => {
      calls += 1;
      return Response.json({ user, site });
    }) as typeof fetch;
    const context = { apiFetch, signedIn: false };
    expect(await getSession(context)).toEqual(EMPTY_SESSION);
    await getSession(context);
    expect(calls).toBe(0);
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
