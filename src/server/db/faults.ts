/**
 * Recognising a database that is away (restarting, failing over, unreachable, overloaded) as
 * opposed to a query that is wrong: the first is answered 503 with Retry-After and heals by
 * itself; the second is a bug. Errors arrive wrapped (Drizzle's query error around pg's, an
 * AggregateError around each address's refusal), so the whole chain is looked at.
 */

/** Node's socket errors of a server that is not there (or went away mid-conversation). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: admin/crash shutdown and "starting up" (57P01–3),
 * a session ended for idling (57P05, 25P03), too many connections (53300), and a statement
 * cancelled by statement_timeout (57014: the database is too slow to answer in time).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300', '57014']);

/** pg's own words for a connection that broke or never came (it sets no code on these). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

function isUnavailableOne(e: object): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Class 08: connection exception (the connection failed or was lost).
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((re) => re.test(message));
}

/** Whether `err` (or what it wraps) says the database is unreachable or cannot answer now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length > 0 && seen.size < 20) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (isUnavailableOne(e)) return true;
    pending.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) pending.push(...inner);
  }
  return false;
}
