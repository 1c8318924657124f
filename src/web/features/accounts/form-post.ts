/**
 * Helpers for the no-JavaScript fallbacks of the account forms (DESIGN: public pages work without
 * JavaScript). The route actions post the plain form to the API in-process and turn its answer
 * into a redirect (carrying the API's cookies) or an inline message. Pure: no React, no server.
 */

/** A text field of a posted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Headers for an in-process JSON call made on behalf of a page request. The page's Origin is
 * forwarded so the API's same-origin check (cookie-borne refresh token) sees a cross-site post;
 * the Cookie header only when asked (logout needs the refresh cookie).
 */
export function apiHeaders(
  request: Request,
  { cookie = false }: { cookie?: boolean } = {},
): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const origin = request.headers.get('origin');
  if (origin) headers.origin = origin;
  const cookies = cookie ? request.headers.get('cookie') : null;
  if (cookies) headers.cookie = cookies;
  return headers;
}

/** Response headers repeating every Set-Cookie of the API's answer (for a redirect). */
export function setCookieHeaders(res: Response): Headers {
  const headers = new Headers();
  for (const cookie of res.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return headers;
}

export interface ApiFailure {
  status: number;
  message: string;
  code?: string;
  details?: unknown;
}

/** The API's error answer (`{ message, code, details }`), with `fallback` when it gives no message. */
export async function readApiFailure(res: Response, fallback: string): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's error page): the fallback message.
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message.trim() ? record.message : fallback;
  return {
    status: res.status,
    message,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    ...(record.details !== undefined ? { details: record.details } : {}),
  };
}

/** The status to answer a failed form post with: the API's 4xx, else 500-class as 502. */
export function failureStatus(status: number): number {
  return status >= 400 && status < 500 ? status : 502;
}
