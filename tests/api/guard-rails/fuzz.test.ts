import fc from 'fast-check';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRouteInfo } from '../../../src/server/http/api/access';
import { createTestApp, type TestApp } from '../../helpers/app';
import { nextIp } from '../../factories/accounts';
import { Callers } from '../../helpers/fuzz/callers';
import { responseProblem, unreadableBecause } from '../../helpers/fuzz/readable';
import { caseArbitrary, type FuzzCase } from '../../helpers/fuzz/requests';
import { catalogueEndpoint, describeRequest, resolveCase, toInject } from '../../helpers/fuzz/send';

/**
 * Generated requests for every registered /api/v1 route, from its zod schemas: valid values (which
 * reach the handlers, where 500s hide) and near misses (a missing field, a wrong type, huge or odd
 * text, NUL, bad JSON, a wrong content type). A new route is fuzzed without a test of its own.
 *
 * Seeded: FUZZ_SEED changes the inputs; FUZZ_ROUTE='POST /api/v1/login' and FUZZ_CASE=17 replay
 * one route or one case of a report; FUZZ_RUNS sets the requests per route; FUZZ_VERBOSE=1 prints
 * per-route counts and every distinct error message.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 180);
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
const ONLY_CASE = process.env.FUZZ_CASE === undefined ? undefined : Number(process.env.FUZZ_CASE);
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);

const keyOf = (r: ApiRouteInfo) => `${r.method} ${r.url}`;

/** Each route gets its own stream from the seed, so replaying one route regenerates its cases. */
function routeSeed(route: ApiRouteInfo): number {
  let h = 0x811c9dc5 ^ SEED;
  for (const ch of keyOf(route)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

// Server errors are logged with their cause: a report quotes them.
const errorLines: string[] = [];
const logger = pino({ level: 'error' }, { write: (line: string) => void errorLines.push(line) });

let t: TestApp;
let callers: Callers;
let png: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ logger });
  callers = await Callers.create(t);
  png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(() => t?.close());

interface RouteStats {
  requests: number;
  statuses: Record<number, number>;
  /** Signed-in calls the access rule let through. */
  passedAccess: number;
  /** Valid cases the route's zod schemas accept (they reach the handler). */
  accepted: number;
  ms: number;
}

/** Whether the route's own schemas accept a case's parts (so it gets past validation). */
async function accepts(route: ApiRouteInfo, c: FuzzCase): Promise<boolean> {
  const schemas = route.schema ?? {};
  const body = route.multipart ? catalogueEndpoint(route)?.body : schemas.body;
  const parts: [unknown, unknown][] = [
    [body, c.body && 'json' in c.body ? c.body.json : undefined],
    [schemas.querystring, c.queryValue],
    [schemas.params, c.params],
  ];
  for (const [schema, value] of parts) {
    const zod = schema as
      { safeParseAsync?(v: unknown): Promise<{ success: boolean }> } | undefined;
    if (zod?.safeParseAsync && !(await zod.safeParseAsync(value)).success) return false;
  }
  return true;
}

describe('fuzzing every /api/v1 route', () => {
  it('the readability check tells sentences from leaks', () => {
    expect(unreadableBecause('email: Enter a valid email address.', 400)).toBeUndefined();
    expect(unreadableBecause('Please log in to do that.', 401)).toBeUndefined();
    for (const bad of [
      '',
      'VALIDATION_ERROR',
      'Unsupported Media Type',
      'Cannot read properties of undefined (reading "id")',
      'Error: boom\n    at handler (/app/src/server/x.ts:10:5)',
      'Invalid input: expected string, received number',
      'Failed query: select * from users',
      `No API route matches GET /${'x'.repeat(600)}`,
      'name: a\u0000b is invalid',
    ])
      expect(unreadableBecause(bad, 415), JSON.stringify(bad)).toBeDefined();
  });

  it(
    'answers generated requests with no 5xx and a readable message on every 4xx',
    // Every route of the API in one walk: minutes on two busy cores, and longer as routes are added.
    { timeout: 480_000 },
    async () => {
      const plans = t.app.apiRoutes
        .filter((route) => ONLY_ROUTE === undefined || keyOf(route) === ONLY_ROUTE)
        .map((route) => {
          const arbitrary = caseArbitrary(route, {
            png,
            multipartBody: catalogueEndpoint(route)?.body,
          });
          const cases = fc.sample(arbitrary, { seed: routeSeed(route), numRuns: RUNS });
          const stats: RouteStats = {
            requests: 0,
            statuses: {},
            passedAccess: 0,
            accepted: 0,
            ms: 0,
          };
          return { route, cases, stats };
        });
      const failures = new Map<string, { count: number; detail: string }>();
      const messages = new Set<string>();
      const started = performance.now();

      // Round-robin over the routes, so state one route leaves behind meets the others.
      for (let i = 0; i < RUNS; i++) {
        if (ONLY_CASE !== undefined && i !== ONLY_CASE) continue;
        for (const { route, cases, stats } of plans) {
          const c = resolveCase(cases[i]!, callers.known);
          const request = toInject(route, c, callers.headersFor(c.caller), nextIp());
          const loggedBefore = errorLines.length;
          const t0 = performance.now();
          const res = await t.app.inject(request);
          stats.ms += performance.now() - t0;
          stats.requests += 1;
          stats.statuses[res.statusCode] = (stats.statuses[res.statusCode] ?? 0) + 1;
          let body: { message?: unknown; code?: unknown } | undefined;
          try {
            body = res.json();
          } catch {
            body = undefined;
          }
          if (VERBOSE && res.statusCode >= 400)
            messages.add(
              `${res.statusCode} ${String(body?.code)}: ${String(body?.message).slice(0, 160)}`,
            );
          const signedIn = c.caller === 'user' || c.caller === 'admin';
          const refusedByRule =
            res.statusCode === 401 || (res.statusCode === 403 && body?.code === 'FORBIDDEN');
          if (signedIn && !refusedByRule) stats.passedAccess += 1;
          if (c.kind === 'valid' && (await accepts(route, c))) stats.accepted += 1;

          const problem = responseProblem(res.statusCode, body);
          if (problem) {
            // One report per kind of failure, with the first request that showed it.
            const key = `${keyOf(route)}: ${problem} (${res.statusCode} ${String(body?.code)})`;
            const seen = failures.get(key);
            if (seen) seen.count += 1;
            else {
              const who = callers.userId(c.caller);
              const detail = [
                `${keyOf(route)} — ${problem}`,
                `  case #${i} (${c.kind}), caller ${c.caller}${who ? ` (user ${who})` : ''}`,
                `  request: ${describeRequest(request, c.caller)}`,
                `  response: ${res.statusCode} ${res.body.slice(0, 500)}`,
                ...errorLines.slice(loggedBefore).map((l) => `  server log: ${l.slice(0, 1500)}`),
                `  replay: FUZZ_SEED=${SEED} FUZZ_ROUTE='${keyOf(route)}' FUZZ_CASE=${i} npx vitest run tests/api/guard-rails/fuzz.test.ts`,
              ].join('\n');
              failures.set(key, { count: 1, detail });
            }
          }
          // Something may have changed (a logout, a password, a role): keep the callers working.
          if (
            (route.method !== 'GET' && res.statusCode < 300) ||
            (signedIn && res.statusCode === 401)
          )
            await callers.check();
        }
      }

      const total = plans.reduce((n, p) => n + p.stats.requests, 0);
      const successes = plans.reduce(
        (n, p) =>
          n +
          Object.entries(p.stats.statuses).reduce((m, [s, k]) => m + (Number(s) < 300 ? k : 0), 0),
        0,
      );
      if (VERBOSE || failures.size) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const lines = [
          `fuzz seed ${SEED}: ${total} requests (${successes} 2xx) to ${plans.length} routes in ${seconds} s, callers replaced ${callers.replaced}×`,
        ];
        for (const { route, stats: s } of plans)
          lines.push(
            `${keyOf(route).padEnd(42)} ${route.access.padEnd(7)} ${s.requests} sent, ${s.accepted} valid accepted, ${s.passedAccess} past access, ${Math.round(s.ms)} ms ${JSON.stringify(s.statuses)}`,
          );
        console.log([...lines, ...[...messages].sort()].join('\n'));
      }

      const report = [...failures.values()].map((f) => `${f.detail}\n  (${f.count}× like this)`);
      expect.soft(failures.size, `seed ${SEED}:\n\n${report.slice(0, 12).join('\n\n')}\n`).toBe(0);
      if (ONLY_ROUTE !== undefined || ONLY_CASE !== undefined) return;

      // Not vacuous: every route was called, valid input got through, signed-in calls got past the rule.
      expect.soft(plans.length, 'routes in the table').toBeGreaterThanOrEqual(10);
      for (const { route, stats } of plans) {
        const name = keyOf(route);
        const schemas = route.schema ?? {};
        expect.soft(stats.requests, `${name}: requests`).toBeGreaterThanOrEqual(50);
        if (route.access !== 'public')
          expect
            .soft(stats.passedAccess, `${name}: signed-in calls past the access rule`)
            .toBeGreaterThanOrEqual(5);
        if (schemas.body || schemas.querystring || schemas.params || catalogueEndpoint(route)?.body)
          expect
            .soft(stats.accepted, `${name}: valid cases its schemas accept`)
            .toBeGreaterThanOrEqual(10);
      }
      expect.soft(successes, '2xx answers').toBeGreaterThanOrEqual(total / 20);
    },
  );
});
