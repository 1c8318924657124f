import { STATUS_CODES } from 'node:http';

/**
 * Whether an error message reads like a sentence for people (DESIGN §4: every failed call says
 * what went wrong in words). Returns why not, or undefined when it does.
 */
export function unreadableBecause(message: unknown, status?: number): string | undefined {
  if (typeof message !== 'string' || !message.trim()) return 'no message';
  const checks: [RegExp | ((m: string) => boolean), string][] = [
    [(m) => m.length > 500, 'more than 500 characters'],
    [/\n\s+at /, 'a stack trace'],
    [/\.(?:tsx?|m?js|cjs):\d+|node_modules|\/src\/server\//, 'a source file path'],
    [/\[object \w+\]/, 'an object turned into text'],
    [/\b(?:undefined|NaN)\b/, "an 'undefined' or 'NaN'"],
    [/\bFST_|\bERR_[A-Z_]|^[A-Z0-9_]+$/, 'an internal code'],
    // The status line again ("Unsupported Media Type") is a code in words: it says nothing to do.
    [(m) => status !== undefined && m.trim() === STATUS_CODES[status], 'only the HTTP status text'],
    // The project replaces zod's default wording ("expected string, received undefined").
    [/expected \w+, received \w+|^Invalid input$/i, "zod's default wording"],
    [
      /Failed query|duplicate key value|violates \w+ constraint|syntax error at or near/i,
      'a database error',
    ],
    // eslint-disable-next-line no-control-regex
    [/[\u0000-\u0008\u000B-\u001F\u007F]/, 'control characters (echoed input?)'],
    [/^\s*[[{]/, 'a JSON dump'],
    [(m) => !/\p{L}{2,}\s+\p{L}/u.test(m), 'no words'],
  ];
  for (const [test, reason] of checks) {
    if (typeof test === 'function' ? test(message) : test.test(message)) return reason;
  }
  return undefined;
}

/** What is wrong with an answer: a 5xx, or a 4xx without a readable `{ statusCode, message }`. */
export function responseProblem(status: number, body: unknown): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  if (body === null || typeof body !== 'object') return `${status} without a JSON error body`;
  const { statusCode, message } = body as { statusCode?: unknown; message?: unknown };
  if (statusCode !== status) return `statusCode ${String(statusCode)} in a ${status} answer`;
  const why = unreadableBecause(message, status);
  return why && `message has ${why}`;
}
