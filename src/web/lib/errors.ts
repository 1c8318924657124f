import { isRouteErrorResponse } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { ApiError } from './api-error';

export interface ErrorInfo {
  status: number;
  message: string;
}

function messageFromData(data: unknown): string | null {
  if (typeof data === 'string' && data.trim()) return data;
  if (data && typeof data === 'object' && 'message' in data) {
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return null;
}

/** Status and message for the error page (SPEC §2, §8): the route's status code or 500. */
export function describeError(error: unknown): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    const status = error.status || 500;
    const message =
      messageFromData(error.data) ??
      (status === 404 ? MESSAGES.pageNotFound : error.statusText || MESSAGES.genericError);
    return { status, message };
  }
  if (error instanceof Error && error.message) return { status: 500, message: error.message };
  return { status: 500, message: MESSAGES.genericError };
}

/** Document title for an error page. */
export function errorTitle(status: number): string {
  if (status === 404) return 'Page not found';
  if (status === 403) return 'Access denied';
  return 'Something went wrong';
}

/**
 * The text to show for a failed API call (SPEC §5, §8): the server's message when it gave one for
 * a request problem (4xx: validation, wrong password, rate limit…), else the flow's default. 5xx
 * and network failures get the default, which says what failed in the user's terms.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message.trim() &&
    error.message !== MESSAGES.genericError // the client's own stand-in for "no message"
  )
    return error.message;
  return fallback;
}
