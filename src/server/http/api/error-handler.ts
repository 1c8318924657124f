import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorKind } from '../../../shared/errors';
import { isDomainError } from '../../modules/core';
import { isDatabaseUnavailable } from '../../db/faults';

/**
 * Seconds a client (or a balancer) is told to wait before trying again after a 503: about how long
 * a database restart or failover takes (the pool is back at the first query after it).
 */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 of a database that is away, in words for people (API and pages alike). */
export const DATABASE_AWAY_MESSAGE =
  'The service is briefly unavailable. Please try again in a few seconds.';

/** How often, at most, an outage is logged while every request fails alike. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/** The one place error kinds become HTTP statuses. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** Fastify's own refusals, by its code, in words that say what to do instead. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This kind of request body is not accepted here: send JSON (Content-Type: application/json), or a form where the call takes one.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
  FST_ERR_BAD_URL: 'This address is not valid: a part of it is not properly encoded.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long: one of its parts has more than 100 characters.',
  FST_ERR_ASYNC_CONSTRAINT: 'This request could not be routed.',
};

/** Fastify's and its plugins' own 4xx, by status, in the catalogue's terms. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[]; message?: string } };
}

/** Turns a zod validation failure into one sentence that names the field. */
function validationMessage(issues: ZodIssueLike[], context: string): string {
  const first = issues[0];
  const path = first?.params?.issue?.path ?? first?.instancePath?.split('/').filter(Boolean) ?? [];
  const field = path.length ? path.join('.') : context;
  const reason = first?.params?.issue?.message ?? first?.message ?? 'is invalid';
  return `${field}: ${reason}`;
}

/**
 * The error as it may be logged. Drizzle's query errors carry the bound parameters in their
 * message and stack (password hashes, emails, token hashes): log the SQL and the cause, not them.
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof Error) || !('params' in err) || !('query' in err)) return err;
  const safe = new Error(`Failed query: ${String(err.query)}`, { cause: err.cause });
  safe.name = err.name;
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/** PostgreSQL refused the text itself (U+0000, invalid encoding): the client's input, not a fault. */
function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The body of every error answer. */
export function errorBody(statusCode: number, message: string, code: ErrorCode, details?: unknown) {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    code,
    ...(details === undefined ? {} : { details }),
  };
}

export function sendError(
  reply: { code(n: number): { send(body: unknown): unknown } },
  statusCode: number,
  message: string,
  code: ErrorCode,
  details?: unknown,
) {
  return reply.code(statusCode).send(errorBody(statusCode, message, code, details));
}

/**
 * A warning when the database is away: the first failure, then one line per interval with how many
 * were not logged, rather than a line per request while the outage lasts.
 */
function outageLog(intervalMs = OUTAGE_LOG_INTERVAL_MS, now: () => number = Date.now) {
  let lastAt = -Infinity;
  let unlogged = 0;
  return (log: Pick<FastifyBaseLogger, 'warn'>, err: unknown) => {
    if (now() - lastAt < intervalMs) {
      unlogged += 1;
      return;
    }
    log.warn({ err: loggableError(err), unlogged }, 'database unavailable: answering 503 with Retry-After');
    lastAt = now();
    unlogged = 0;
  };
}

/** What an error answers, before it is sent: status, message, catalogue code, field details. */
export interface ErrorAnswer {
  status: number;
  message: string;
  code: ErrorCode;
  details?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one mapping of errors to answers (logging what must be logged): the error handler sends
     * it, and the in-process calls of page renders (direct.ts) hand it to their loaders.
     */
    answerError: (err: unknown, log: FastifyBaseLogger) => ErrorAnswer;
  }
}

/** Maps any error to its answer; `logOutage` throttles the database-away warnings. */
function errorAnswer(err: unknown, log: FastifyBaseLogger, logOutage: ReturnType<typeof outageLog>): ErrorAnswer {
  if (isDomainError(err)) {
    return { status: STATUS_OF_KIND[err.kind], message: err.message, code: err.code, details: err.details };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation as unknown as ZodIssueLike[];
    const details = issues.map((i) => ({
      path: i.params?.issue?.path ?? i.instancePath?.split('/').filter(Boolean) ?? [],
      message: i.params?.issue?.message ?? i.message,
    }));
    const message = validationMessage(issues, err.validationContext ?? 'body');
    return { status: 400, message, code: 'VALIDATION_ERROR', details };
  }
  if (isDatabaseUnavailable(err)) {
    // Not a fault of this request: the database restarts, fails over or is overloaded. The pool
    // reconnects by itself once it answers again.
    logOutage(log, err);
    return { status: 503, message: DATABASE_AWAY_MESSAGE, code: 'DB_UNAVAILABLE' };
  }
  const fe = err as FastifyError;
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 500 && isUnstorableText(err)) {
    return { status: 400, message: 'The request contains characters that cannot be stored.', code: 'VALIDATION_ERROR' };
  }
  if (status >= 500) {
    log.error({ err: loggableError(err) }, 'request failed');
    return { status, message: 'Something went wrong on our side. Please try again later.', code: 'INTERNAL' };
  }
  if (status === 429) {
    return { status, message: fe.message || 'Too many attempts. Please wait a moment and try again.', code: 'RATE_LIMITED' };
  }
  // Fastify's own 4xx (bad JSON, body too large, unsupported media type), in words for people.
  const message =
    FRAMEWORK_MESSAGES[fe.code] ??
    (err instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY! : fe.message);
  return { status, message, code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST' };
}

/** Every error leaves as `{ statusCode, error, message, code, details? }`; never a stack trace. */
export function installErrorHandler(app: FastifyInstance) {
  const logOutage = outageLog();
  const answerError = (err: unknown, log: FastifyBaseLogger) => errorAnswer(err, log, logOutage);
  app.decorate('answerError', answerError);
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const { status, message, code, details } = answerError(err, request.log);
    // Every 503 of ours says when to come back, so clients and balancers retry instead of giving
    // up (an unexpected failure reported as 503 by a plugin is an INTERNAL, with no promise).
    if (status === 503 && code !== 'INTERNAL') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendError(reply, status, message, code, details);
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 404, noRouteMessage(request), 'NOT_FOUND'));
}

/** "No API route matches GET /api/v1/x." — the path cut short: it is the client's text. */
export function noRouteMessage(request: { method: string; url: string }): string {
  const path = request.url.split('?')[0] ?? '';
  return `No API route matches ${request.method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path}.`;
}

/**
 * Errors Fastify raises before any route or hook runs (a malformed or oversized address): the
 * `frameworkErrors` option of the app, so they get the same body as every other error.
 */
export function frameworkError(err: FastifyError, reply: FastifyReply) {
  return sendError(reply, 400, FRAMEWORK_MESSAGES[err.code] ?? 'This request could not be read.', 'BAD_REQUEST');
}
