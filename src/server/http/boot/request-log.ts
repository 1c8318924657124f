import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A request slower than this is logged whatever it asked for. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Paths whose routine successes are not worth a line: hashed bundles, media, the health and
 * metrics probes (a balancer and a scraper call them every few seconds) would otherwise bury
 * everything else (one page view fetches dozens of assets).
 */
const QUIET_PATHS = [
  /^\/assets\//,
  /^\/media\//,
  /^\/api\/v1\/health(?:\/live|\/ready)?\/?$/,
  /^\/metrics\/?$/,
  /^\/favicon/,
  /^\/__manifest/,
];

/** Query parameters whose values are secrets (emailed tokens, signatures, passwords). */
const SECRET_PARAMS = new Set([
  'token',
  'refreshtoken',
  'sig',
  'signature',
  'code',
  'password',
  'key',
]);
/** Path segments that are secrets: /password-reset/{token}. */
const SECRET_SEGMENTS = /^(\/password-reset\/)[^/?#]+/;

const REDACTED = '[redacted]';

/** A URL as it may be logged: every token-carrying part replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(
    SECRET_SEGMENTS,
    `$1${REDACTED}`,
  );
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return eq !== -1 && SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

const isQuiet = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return QUIET_PATHS.some((re) => re.test(path));
};

/**
 * How a finished request is logged, or null for a routine asset/media/health request. A 503 is
 * a warning: the service said to retry (a database away, an instance draining), nothing broke.
 */
export function requestLogLevel(
  url: string,
  statusCode: number,
  ms: number,
): 'error' | 'warn' | 'info' | null {
  if (statusCode === 503) return 'warn';
  if (statusCode >= 500) return 'error';
  if (ms >= SLOW_REQUEST_MS) return 'warn';
  return isQuiet(url) ? null : 'info';
}

/**
 * One line per request an operator cares about — pages and API calls, with status and time —
 * instead of Fastify's two JSON lines for every request. Assets, media and health checks are
 * logged only when they fail or are slow. URLs are redacted (see redactUrl).
 */
export function installRequestLog(app: FastifyInstance) {
  const logLine: RequestLine = (log, { method, url: rawUrl, statusCode, ms, direct }) => {
    const level = requestLogLevel(rawUrl, statusCode, ms);
    if (!level) return;
    const url = redactUrl(rawUrl);
    const slow = ms >= SLOW_REQUEST_MS;
    log[level](
      { method, url, statusCode, ms, ...(direct ? { direct } : {}) },
      `${method} ${url} ${statusCode} ${ms} ms${slow ? ' (slow)' : ''}${direct ? ' (direct)' : ''}`,
    );
  };
  app.decorate('logRequestLine', logLine);
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    logLine(request.log, {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms,
    });
    done();
  });
}

/** Writes a request's line; `direct`: an API read a page render made without HTTP (api/direct.ts). */
type RequestLine = (
  log: FastifyBaseLogger,
  line: { method: string; url: string; statusCode: number; ms: number; direct?: true },
) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** The request log's one line (this file's rules), for calls that are not HTTP requests. */
    logRequestLine: RequestLine;
  }
}
