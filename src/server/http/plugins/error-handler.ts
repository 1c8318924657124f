import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorKind } from '../../../shared/errors';
import { isDomainError } from '../../modules/core';

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

export function sendError(
  reply: { code(n: number): { send(body: unknown): unknown } },
  statusCode: number,
  message: string,
  code: ErrorCode,
  details?: unknown,
) {
  return reply.code(statusCode).send({
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    code,
    ...(details === undefined ? {} : { details }),
  });
}

/** Every error leaves as `{ statusCode, error, message, code, details? }`; never a stack trace. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (isDomainError(err)) {
      return sendError(reply, STATUS_OF_KIND[err.kind], err.message, err.code, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as unknown as ZodIssueLike[];
      const details = issues.map((i) => ({
        path: i.params?.issue?.path ?? [],
        message: i.params?.issue?.message ?? i.message,
      }));
      return sendError(reply, 400, validationMessage(issues, err.validationContext ?? 'body'), 'VALIDATION_ERROR', details);
    }
    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 500 && isUnstorableText(err)) {
      return sendError(reply, 400, 'The request contains characters that cannot be stored.', 'VALIDATION_ERROR');
    }
    if (status >= 500) {
      request.log.error({ err: loggableError(err) }, 'request failed');
      return sendError(reply, status, 'Something went wrong on our side. Please try again later.', 'INTERNAL');
    }
    if (status === 429) {
      return sendError(reply, 429, fe.message || 'Too many attempts. Please wait a moment and try again.', 'RATE_LIMITED');
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe.
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large.'
          : fe.message;
    return sendError(reply, status, message, CODE_OF_STATUS[status] ?? 'BAD_REQUEST');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No API route matches ${request.method} ${request.url.split('?')[0]}.`, 'NOT_FOUND'),
  );
}
