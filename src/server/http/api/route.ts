import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '../../../shared/api/endpoint';
import { requestDeps } from '../../composition/app-deps';
import type { ModuleDeps } from '../../modules/core';
import type { Access } from './access';
import { directKey, isDirectEligible } from './direct';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler sees: body, query and params as the endpoint's schemas parsed them. */
export type RequestOf<E extends EndpointDef> = FastifyRequest<{
  Body: E['multipart'] extends true ? unknown : Out<E['body']>;
  Querystring: Out<E['query']>;
  Params: Out<E['params']>;
}>;

/** What a handler returns: the response schema's input (the serializer validates and shapes it). */
export type ReplyOf<E extends EndpointDef> = z.input<E['response']>;

export interface RouteOptions<E extends EndpointDef> {
  /** Who may call it (access.ts). Required: a route without one refuses to register. */
  access: Access;
  /** Per-route rate limit (@fastify/rate-limit's `config.rateLimit`). */
  rateLimit?: object;
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Gets the use-cases' deps built for this request (its logger), so handlers stay one line. */
  handler: (request: RequestOf<E>, reply: FastifyReply, deps: ModuleDeps) => Promise<ReplyOf<E>>;
  /**
   * Sends the handler's answer over HTTP itself (bytes prepared once for many readers,
   * api/v1/shared-answer.ts) instead of through the serializer. Page renders calling the route
   * directly (direct.ts) take the answer as the handler gives it.
   */
  send?: (request: RequestOf<E>, reply: FastifyReply, answer: ReplyOf<E>) => FastifyReply;
}

/**
 * Registers the route of one catalogue endpoint (src/shared/api): its method, path, schemas and
 * OpenAPI summary come from the shared definition the web client is typed with; the route adds
 * only what is the server's business — access rule, limits and the handler (thin: parse, one
 * use-case, reply).
 */
export function defineRoute<const E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<E>,
): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.multipart
        ? { consumes: ['multipart/form-data', ...(endpoint.body ? ['application/json'] : [])] }
        : endpoint.body
          ? { body: endpoint.body }
          : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: {
        [status]: endpoint.response,
        ...(endpoint.okWhenExisting ? { 200: endpoint.response } : {}),
      },
      ...(options.access === 'public' ? {} : { security: [{ accessToken: [] }] }),
    },
    config: {
      access: options.access,
      multipart: endpoint.multipart ?? false,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request, reply) => {
      const deps = requestDeps(app.deps, request);
      // Set before the handler runs, so an `okWhenExisting` handler can answer 200 instead.
      if (status !== 200) reply.code(status);
      const answer = await options.handler(request as RequestOf<E>, reply, deps);
      return options.send ? options.send(request as RequestOf<E>, reply, answer) : answer;
    },
  });
  // The same handler, for the loaders of page renders without HTTP (docs/decisions/046).
  if (isDirectEligible(endpoint, options) && app.hasDecorator('directRoutes')) {
    app.directRoutes.set(directKey(endpoint.method, endpoint.path), {
      endpoint,
      access: options.access,
      handler: options.handler as never,
    });
  }
}
