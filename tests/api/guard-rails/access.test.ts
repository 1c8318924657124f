import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../src/shared/contracts/accounts';
import {
  ACCESS_RULES,
  ROLES_ALLOWED,
  enforceAccessRules,
  type Access,
} from '../../../src/server/http/api/access';
import { createTestApp, type TestApp } from '../../helpers/app';
import { nextIp, signedInUser } from '../../factories/accounts';

/**
 * Walks the registered route table: every /api/v1 route declares who may call it, and the rule
 * holds — anonymous callers get 401 from every non-public route, and a signed-in user below a
 * role rule gets 403. A route added later is checked here without anyone writing a test for it.
 */
let t: TestApp;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens.set(role, (await signedInUser(t.deps, { role })).token);
});
afterAll(() => t?.close());

/** A concrete URL for a route pattern (`:id` → a syntactically fine id). */
const concrete = (url: string) =>
  url.replace(/:[A-Za-z0-9_]+\??/g, '00000000-0000-4000-8000-000000000000');

function call(method: string, url: string, token?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    remoteAddress: nextIp(),
    headers: token ? { 'x-access-token': token } : {},
    // Whatever the body: access is decided before input is looked at.
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('the /api/v1 route table', () => {
  it('lists every route with a declared access rule', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      expect(ACCESS_RULES, `${route.method} ${route.url}`).toContain(route.access);
    }
    // The routes a browser needs before signing in are public; everything about "me" is not.
    const rule = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.access;
    expect(rule('POST', '/api/v1/login')).toBe('public');
    expect(rule('GET', '/api/v1/users/me')).toBe('user');
    expect(rule('PATCH', '/api/v1/admin/users/roles')).toBe('admin');
  });

  it('answers 401 to an anonymous call of every non-public route', async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Please log in to do that.',
      });
    }
  });

  it('answers 403 to a signed-in user below the route’s rule, and lets the rule’s roles through', async () => {
    const restricted = t.app.apiRoutes.filter((r) => ROLES_ALLOWED[r.access]);
    expect(restricted.length).toBeGreaterThan(0);
    for (const route of restricted) {
      const allowed = ROLES_ALLOWED[route.access]!;
      for (const role of ROLES) {
        const res = await call(route.method, route.url, tokens.get(role));
        const label = `${route.method} ${route.url} as ${role}`;
        if (allowed.includes(role)) expect([401, 403], label).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().code, label).toBe('FORBIDDEN');
        }
      }
    }
  });

  it('lets any signed-in user past a "user" or "owner" rule', async () => {
    const signedIn = t.app.apiRoutes.filter((r) => r.access === 'user' || r.access === 'owner');
    for (const route of signedIn) {
      const res = await call(route.method, route.url, tokens.get('user'));
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
    }
  });
});

describe('declaring access', () => {
  it('refuses to register a route without an access rule', async () => {
    const app = Fastify();
    app.decorate('apiRoutes', []);
    enforceAccessRules(app);
    expect(() => app.get('/undeclared', async () => 'never')).toThrow(
      /GET \/undeclared: declare who may call it with config\.access/,
    );
    app.get('/declared', { config: { access: 'public' } }, async () => 'ok');
    expect((await app.inject('/declared')).body).toBe('ok');
    await app.close();
  });

  it('knows exactly the rules of DESIGN §3', () => {
    expect([...ACCESS_RULES]).toEqual<Access[]>([
      'public',
      'user',
      'owner',
      'moderator',
      'admin',
      'superAdmin',
    ]);
  });
});
