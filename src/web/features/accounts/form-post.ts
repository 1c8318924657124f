import type { ErrorCode, FieldIssue } from '../../../shared/errors';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/errors';

/**
 * Helpers for the no-JavaScript fallbacks of the account forms (DESIGN: public pages work without
 * JavaScript). The route actions post the plain form to the API in-process with the server's API
 * client (`serverApi(context).exchange(…)`) and turn its answer into a redirect (carrying the
 * API's cookies) or an inline message. No React.
 */

/** A text field of a posted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Headers for an in-process JSON call made on behalf of a page request. The page's Origin is
 * forwarded so the API's same-origin check (cookie-borne refresh token) sees a cross-site post;
 * the Cookie header only when asked (logout needs the refresh cookie). No content type: the client
 * sets it on a call with a body, and a bodiless one (a DELETE) must not claim JSON it lacks.
 */
export function apiHeaders(
  request: Request,
  { cookie = false }: { cookie?: boolean } = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  const origin = request.headers.get('origin');
  if (origin) headers.origin = origin;
  const cookies = cookie ? request.headers.get('cookie') : null;
  if (cookies) headers.cookie = cookies;
  return headers;
}

/** Response headers repeating every Set-Cookie of the API's answer (for a redirect). */
export function setCookieHeaders(answer: { headers: Headers }): Headers {
  const headers = new Headers();
  for (const cookie of answer.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return headers;
}

/** The status to answer a failed form post with: the API's 4xx, else 500-class as 502. */
export function failureStatus(status: number): number {
  return status >= 400 && status < 500 ? status : 502;
}

/** A failed API call as a form's inline answer shows it. */
export interface FormFailure {
  /** The status to answer the form post with (`failureStatus`). */
  status: number;
  /** What to show: the server's message for a request problem, else `fallback` (`apiErrorMessage`). */
  message: string;
  code?: ErrorCode;
  details?: FieldIssue[];
}

/**
 * The API client's error (read once, in `toApiError`) as a form answer, worded as the JavaScript
 * forms word it in their modal. Anything that is not an API answer (a bug, the API unreachable)
 * is thrown on to the route's error boundary.
 */
export function formFailure(error: unknown, fallback: string): FormFailure {
  if (!(error instanceof ApiError)) throw error;
  return {
    status: failureStatus(error.status),
    message: apiErrorMessage(error, fallback),
    ...(error.code ? { code: error.code } : {}),
    ...(error.details ? { details: error.details } : {}),
  };
}
