import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_IDENTITY_HEADER } from '../../src/server/http/api/auth';
import { resolvePageSession } from '../../src/server/http/api/session';
import { createPageContext } from '../../src/server/http/pages/page-context';
import { createTestApp, type TestApp } from '../helpers/app';
import { nextIp, signedInUser } from '../factories/accounts';

/**
 * One session check per server-rendered request: the page's cookie is verified (and the user
 * read) once; the loaders' in-process API calls carry that identity instead of re-verifying the
 * token and re-reading the user each time; a visitor without a session costs no session work.
 * A probe route builds the same load context the renderer builds and makes three API calls with
 * it, as three loaders would, while every SQL statement is counted.
 */
let t: TestApp;
let statements: string[] = [];
/** The look-up that authenticates a token: the user's id, role, status, session version and login. */
const isSessionCheck = (sql: string) =>
  /^select "id", "role", "status", "session_version", .* from "users"/.test(sql);

beforeAll(async () => {
  t = await createTestApp({}, {}, {
    onQuery: (sql) => statements.push(sql),
    web: async (app) => {
      const resolveSession = resolvePageSession(app);
      app.get('/probe', async (request, reply) => {
        const context: RouterContextProvider = await createPageContext(app, request, reply, resolveSession);
        const atStart = statements.length;
        const statuses = [];
        for (const url of ['/api/v1/users/me', '/api/v1/sites/mine', '/api/v1/sites?username=nobody-here']) {
          statuses.push((await context.apiFetch(url)).status);
        }
        return { signedIn: context.signedIn, statuses, checkStatements: atStart, live: app.pageIdentities.size };
      });
    },
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

const visit = (cookie?: string) =>
  t.app.inject({ url: '/probe', remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });

describe('a server-rendered request', () => {
  it('checks a signed-in session once, however many API calls its loaders make', async () => {
    const { token } = await signedInUser(t.deps);
    statements = [];
    const res = await visit(`token=${token}`);
    expect(res.json()).toMatchObject({ signedIn: true, statuses: [200, 200, 404], checkStatements: 1, live: 1 });
    expect(statements.filter(isSessionCheck)).toHaveLength(1);
    expect(res.headers['cache-control']).toBe('private, no-store'); // personal: never cached
    // …and its ticket is gone with the response.
    expect(t.app.pageIdentities.size).toBe(0);
  });

  it('does no session database work for a visitor without a session', async () => {
    const res = await visit();
    expect(res.json()).toMatchObject({ signedIn: false, statuses: [401, 401, 404], checkStatements: 0 });
    expect(res.headers['cache-control']).toBeUndefined();
    expect(statements.filter(isSessionCheck)).toHaveLength(0);
  });

  it('keeps checking tokens on direct API calls (a ticket is not a token)', async () => {
    const { token } = await signedInUser(t.deps);
    statements = [];
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: { 'x-access-token': token } });
    expect(me.statusCode).toBe(200);
    expect(statements.filter(isSessionCheck)).toHaveLength(1);
  });

  it('ignores a made-up identity ticket from outside', async () => {
    const forged = await t.app.inject({
      url: '/api/v1/users/me',
      headers: { [PAGE_IDENTITY_HEADER]: 'guessed-ticket-value-0123456789abcdef' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
