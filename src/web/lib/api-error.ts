/**
 * The API client's error type and its readers (lib/api-client.ts): what a failed call throws and
 * how callers recognise it. Apart from the client so that the code every page loads can test for
 * `ApiError` without loading the client itself (docs/decisions/054).
 */
import { isErrorCode, type ErrorCode, type FieldIssue } from '../../shared/errors';

export class ApiError extends Error {
  /** Set when this 401 ended the session (the refresh failed): callers skip their own error modal. */
  sessionExpired = false;

  constructor(
    readonly status: number,
    message: string,
    /** The catalogue code (src/shared/errors.ts) when the server sent one. */
    readonly code?: ErrorCode,
    /** Field-level problems of a validation error. */
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The error of a failed response: the server's `{ message, code, details }`, else `fallback`. */
export async function toApiError(res: Response, fallback: string): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy's error page, an empty body): the fallback message
  }
  return apiErrorOf(res.status, body, fallback);
}

/** The error of a failed answer with this status and (parsed) body. */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message.trim() ? record.message : fallback;
  const details = Array.isArray(record.details) ? (record.details as FieldIssue[]) : undefined;
  return new ApiError(
    status,
    message,
    isErrorCode(record.code) ? record.code : undefined,
    details,
  );
}

/** True for the error of a call that ended the session (the modal and redirect are under way). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.sessionExpired;
}
