import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id in (from a balancer or a client) and out (the answer). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept when it is 1–128 visible ASCII characters (it goes into logs as it is). */
const VALID_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The incoming X-Request-Id when it is a usable one, else a new UUID (unique across instances,
 * unlike Fastify's per-process counters): Fastify's `genReqId`, so every log line of the request
 * carries it as `reqId`.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && VALID_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * Answers carry their request's id. Set first thing, so early refusals, cached pages and errors
 * carry it too; hashed bundles drop it again (pages/ssr.ts: they are the same bytes for everyone,
 * cached for a year, and their headers count in the pages' JavaScript budget).
 */
export function installRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
