import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DirectAnswer, DirectCall, DirectInput } from '../../../shared/api/direct';
import type { EndpointDef } from '../../../shared/api/endpoint';
import { requestDeps } from '../../composition/app-deps';
import type { AuthenticatedUser } from '../../modules/accounts';
import type { ModuleDeps } from '../../modules/core';
import { refusal, type Access } from './access';
import { fillPath } from '../../../shared/api/endpoint';
import { errorBody } from './error-handler';

/**
 * The direct path of page renders to the API's reads (docs/decisions/046). `defineRoute` records
 * here every route a loader may call without HTTP — a GET answering 200 through its response
 * schema, with no rate limit, pre-handler or multipart form — with its access rule and its one
 * handler. A page's `DirectCall` then does what the HTTP path does for such a route, minus the
 * transport: the access rule with the page's identity, the endpoint's schemas on the input, the
 * handler, the response schema's encoding, the error handler's mapping. Nothing is serialised.
 */

export interface DirectRoute {
  endpoint: EndpointDef;
  access: Access;
  handler: (request: never, reply: FastifyReply, deps: ModuleDeps) => Promise<unknown>;
  /** Set once the handler asked for something only HTTP has: its calls go through HTTP since. */
  viaHttp?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes page renders call directly, by `METHOD /path` (the catalogue's path). */
    directRoutes: Map<string, DirectRoute>;
  }
}

export const directKey = (method: string, path: string) => `${method} ${path}`;

/** Whether a route may be called directly (see above); anything else keeps to HTTP. */
export function isDirectEligible(
  endpoint: EndpointDef,
  options: { rateLimit?: object; preHandler?: unknown },
) {
  return (
    endpoint.method === 'GET' &&
    (endpoint.status ?? 200) === 200 &&
    !endpoint.multipart &&
    !endpoint.okWhenExisting &&
    !options.rateLimit &&
    !options.preHandler
  );
}

/** The handler reached for the HTTP request or reply: this call goes through HTTP instead. */
class NeedsHttp extends Error {}

/**
 * What a handler gets for `reply` on the direct path: any use of it (a status, a header, a
 * cookie, sending bytes itself) means the route needs HTTP.
 */
const NO_REPLY = new Proxy({} as FastifyReply, {
  get: () => {
    throw new NeedsHttp();
  },
});

/** The request a handler sees: its parsed input, identity, id and logger; nothing of HTTP. */
function directRequest(fields: Record<string, unknown>): never {
  return new Proxy(fields, {
    get: (target, key) => {
      if (typeof key === 'string' && !(key in target)) throw new NeedsHttp();
      return target[key as string];
    },
  }) as never;
}

/** Fastify refuses path parameters longer than this (its `maxParamLength`) with a 400. */
const MAX_PARAM_LENGTH = 100;

/** The input through a schema as the HTTP validator takes it; null when it would refuse it. */
function parsed(schema: z.ZodType | undefined, value: Record<string, string> | undefined) {
  if (!schema) return { value: value ?? {} };
  const result = schema.safeParse(value ?? {});
  return result.success ? { value: result.data } : null;
}

export interface DirectCaller {
  /** The page's identity (the session checked once for the render), null for a visitor. */
  user: AuthenticatedUser | null;
  /** The page request's id and logger: its direct calls log under them. */
  id: string;
  log: FastifyBaseLogger;
  /** Hears of a call that found the database away (the page is then not whole). */
  onDatabaseAway?: () => void;
}

/** The direct calls of one page request, with its identity. */
export function createDirectCall(app: FastifyInstance, caller: DirectCaller): DirectCall {
  return async (method, path, input) => {
    const started = performance.now();
    const answer = await callDirectly(app, caller, method, path, input);
    if (answer && app.hasDecorator('logRequestLine')) {
      // The line the HTTP call had (boot/request-log.ts), under the page request's id.
      const query = new URLSearchParams(input.query).toString();
      app.logRequestLine(caller.log, {
        method,
        url: `/api/v1${fillPath(path, input.params)}${query ? `?${query}` : ''}`,
        statusCode: answer.ok ? 200 : answer.status,
        ms: Math.round(performance.now() - started),
        direct: true,
      });
    }
    return answer;
  };
}

async function callDirectly(
  app: FastifyInstance,
  caller: DirectCaller,
  method: string,
  path: string,
  input: DirectInput,
): Promise<DirectAnswer | null> {
  const route = app.directRoutes.get(directKey(method, path));
  if (!route || route.viaHttp) return null;
  const params = input.params ?? {};
  // What the HTTP path would refuse before the route's own rules, it refuses there (same words).
  if (Object.values(params).some((v) => !v || encodeURIComponent(v).length > MAX_PARAM_LENGTH))
    return null;
  try {
    const refused = refusal(route.access, caller.user);
    if (refused) throw refused;
    const { endpoint } = route;
    const query = parsed(endpoint.query, input.query);
    const routeParams = parsed(endpoint.params, params);
    // A validation error's answer is HTTP's to word: rare in loaders, and said once.
    if (!query || !routeParams) return null;
    const request = directRequest({
      query: query.value,
      params: routeParams.value,
      body: undefined,
      user: caller.user,
      id: caller.id,
      log: caller.log,
    });
    const answer = await route.handler(
      request,
      NO_REPLY,
      requestDeps(app.deps, { id: caller.id, log: caller.log }),
    );
    const encoded = z.safeEncode(endpoint.response, answer as never);
    if (!encoded.success)
      throw new Error(`${method} ${path}: the answer does not match its schema`, {
        cause: encoded.error,
      });
    return { ok: true, data: encoded.data };
  } catch (err) {
    if (err instanceof NeedsHttp) {
      route.viaHttp = true;
      return null;
    }
    const { status, message, code, details } = app.answerError(err, caller.log);
    if (code === 'DB_UNAVAILABLE') caller.onDatabaseAway?.();
    return { ok: false, status, body: errorBody(status, message, code, details) };
  }
}
