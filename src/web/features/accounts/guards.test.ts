import { describe, expect, it } from 'vitest';
import { isRouteErrorResponse } from 'react-router';
import type { SessionUser } from '../../../shared/contracts/accounts';
import { MESSAGES } from '../../../shared/messages';
import { guardLoader, guards, runGuards } from './guards';
import { sessionUserFixture as user, siteFixture as site } from './session.fixtures';

const admin: SessionUser = { ...user, role: 'admin' };
const request = new Request('http://localhost/edit-profile?tab=password');

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

/** `data()` thrown from a guard: { type: 'DataWithResponseInit', data, init }. */
function dataError(e: unknown): { data: unknown; status?: number } {
  const d = e as { data: unknown; init?: { status?: number } };
  return { data: d.data, status: d.init?.status };
}

describe('route guards', () => {
  it('registers authenticated and domain-check', () => {
    expect(Object.keys(guards)).toEqual(expect.arrayContaining(['authenticated', 'domain-check']));
  });

  it('authenticated redirects signed-out visitors to /login with the attempted path', async () => {
    const e = await thrown(runGuards(['authenticated'], { request, user: null }));
    expect(e).toBeInstanceOf(Response);
    const res = e as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/login?redirectTo=${encodeURIComponent('/edit-profile?tab=password')}`,
    );
  });

  it("remembers the page's own URL, not the raw data request of a client navigation", async () => {
    // future.v8_passThroughRequests: request.url is `/edit-profile.data?…`, `url` the page.
    const dataRequest = new Request('http://localhost/edit-profile.data?tab=password');
    const url = new URL('http://localhost/edit-profile?tab=password');
    const e = await thrown(
      guardLoader(['authenticated'])({
        request: dataRequest,
        url,
        context: { apiFetch: fetch, signedIn: false },
      }),
    );
    expect((e as Response).headers.get('location')).toBe(
      `/login?redirectTo=${encodeURIComponent('/edit-profile?tab=password')}`,
    );
  });

  it('authenticated lets signed-in users through', async () => {
    await expect(runGuards(['authenticated'], { request, user })).resolves.toBeUndefined();
  });

  it('domain-check does nothing', async () => {
    await expect(runGuards(['domain-check'], { request, user: null })).resolves.toBeUndefined();
  });

  it("an unknown guard is a 500 'Unknown middleware'", async () => {
    for (const name of ['nope', 'constructor', '__proto__']) {
      const e = dataError(await thrown(runGuards([name], { request, user })));
      expect(e.status).toBe(500);
      expect(e.data).toBe(MESSAGES.unknownMiddleware);
    }
  });

  it('stops at the first failing guard, in order', async () => {
    const e = await thrown(runGuards(['authenticated', 'nope'], { request, user: null }));
    expect(e).toBeInstanceOf(Response);
  });

  it('admin: login for visitors, 403 for members, through for admins', async () => {
    expect(await thrown(runGuards(['admin'], { request, user: null }))).toBeInstanceOf(Response);
    expect(dataError(await thrown(runGuards(['admin'], { request, user }))).status).toBe(403);
    await expect(runGuards(['admin'], { request, user: admin })).resolves.toBeUndefined();
    await expect(
      runGuards(['admin'], { request, user: { ...user, role: 'superAdmin' } }),
    ).resolves.toBeUndefined();
  });

  it('moderator: login for visitors, 403 for members, through for moderators and admins', async () => {
    expect(await thrown(runGuards(['moderator'], { request, user: null }))).toBeInstanceOf(
      Response,
    );
    expect(dataError(await thrown(runGuards(['moderator'], { request, user }))).status).toBe(403);
    for (const role of ['moderator', 'admin', 'superAdmin'] as const)
      await expect(
        runGuards(['moderator'], { request, user: { ...user, role } }),
      ).resolves.toBeUndefined();
  });

  it('guardLoader asks /users/me once per request context', async () => {
    let calls = 0;
    const apiFetch = (async () => {
      calls += 1;
      return Response.json({ user: { ...user, token: 'secret', refreshToken: 'secret2' }, site });
    }) as typeof fetch;
    const context = { apiFetch, signedIn: true };
    const loader = guardLoader(['authenticated']);
    const first = await loader({ request, context });
    await loader({ request, context });
    expect(calls).toBe(1);
    expect(first.user?._id).toBe('u1');
    expect(first.user).not.toHaveProperty('token');
    expect(first.user).not.toHaveProperty('refreshToken');
  });

  it('guardLoader treats an API failure as signed out', async () => {
    const context = {
      apiFetch: (async () => new Response('nope', { status: 401 })) as typeof fetch,
      signedIn: true,
    };
    const e = await thrown(guardLoader(['authenticated'])({ request, context }));
    expect((e as Response).headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    const down = {
      apiFetch: (async () => Promise.reject(new Error('down'))) as typeof fetch,
      signedIn: true,
    };
    expect(await thrown(guardLoader(['authenticated'])({ request, context: down }))).toBeInstanceOf(
      Response,
    );
    expect(isRouteErrorResponse(e)).toBe(false);
  });

  it('guardLoader sends visitors without a session to /login without asking the API', async () => {
    let calls = 0;
    const apiFetch = (async () => {
      calls += 1;
      return Response.json({ user, site });
    }) as typeof fetch;
    const e = await thrown(
      guardLoader(['authenticated'])({ request, context: { apiFetch, signedIn: false } }),
    );
    expect((e as Response).headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    expect(calls).toBe(0);
  });
});
