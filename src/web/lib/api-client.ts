/**
 * The one typed client for /api/v1, used by the browser and by server-side loaders (where `fetch`
 * is bound in-process to the API). Sends `x-access-token` from the token cookie; on a 401 (except
 * for /login and /token) it asks POST /token for new tokens once — the refresh cookie travels with
 * the request — and retries; if that fails, the session has expired (SPEC §8).
 */

export interface ApiErrorBody {
  statusCode?: number;
  message?: string;
  code?: string;
  details?: unknown;
}

export class ApiError extends Error {
  /** Set when this 401 ended the session (the refresh failed): callers skip their own error modal. */
  sessionExpired = false;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Calls whose 401 means "wrong credentials", not "expired session": never refreshed. */
const NO_REFRESH = new Set(['/login', '/token']);

export interface ApiClientOptions {
  /** '/api/v1' in the browser; an absolute URL elsewhere. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The current access token (the readable `token` cookie in the browser). */
  getToken?: () => string | undefined | null;
  /** Called once when a refresh fails: show the modal, log out, go to /login. */
  onSessionExpired?: (error: ApiError) => void | Promise<void>;
  /** Default message when the server gives none. */
  fallbackMessage?: string;
  /**
   * Transport for requests that report upload progress (`onUploadProgress`); the browser passes
   * an XMLHttpRequest-based one (fetch cannot report upload progress). Without it, such requests
   * use `fetch` and report 1 when done.
   */
  uploadFetch?: UploadFetch;
}

/** The request as the client sends it: headers are a plain record. */
export interface TransportInit {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
}

/** `fetch` with upload progress: `onProgress` gets the fraction sent, 0…1. */
export type UploadFetch = (
  url: string,
  init: TransportInit,
  onProgress: (fraction: number) => void,
) => Promise<Response>;

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  /** JSON body (objects) or a FormData (multipart: the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Reports the fraction of the body sent (0…1); restarts at 0 if the call is retried. */
  onUploadProgress?: (fraction: number) => void;
}

export function buildPath(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const fallback = options.fallbackMessage ?? 'Something went wrong. Please try again later.';
  let refreshing: Promise<boolean> | null = null;

  async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const token = options.getToken?.();
    if (token) headers['x-access-token'] = token;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const url = baseUrl + buildPath(path, opts.query);
    const progress = opts.onUploadProgress;
    if (progress) {
      progress(0);
      if (options.uploadFetch)
        return options.uploadFetch(url, { method, headers, body, signal: opts.signal }, progress);
    }
    const res = await doFetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
    progress?.(1);
    return res;
  }

  async function toError(res: Response): Promise<ApiError> {
    let parsed: ApiErrorBody = {};
    try {
      parsed = (await res.json()) as ApiErrorBody;
    } catch {
      // not JSON (proxy error page, empty body): keep the fallback message
    }
    return new ApiError(res.status, parsed.message || fallback, parsed.code, parsed.details);
  }

  /** One refresh at a time: concurrent 401s wait for the same POST /token. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const res = await send('POST', '/token', { body: {} });
        return res.ok;
      } catch {
        return false;
      } finally {
        // let the next expiry (15 minutes later) refresh again
        setTimeout(() => (refreshing = null), 0);
      }
    })();
    return refreshing;
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    let res = await send(method, path, opts);
    const pathname = path.split('?')[0]!.replace(/\/$/, '');
    if (res.status === 401 && !NO_REFRESH.has(pathname)) {
      if (await refreshOnce()) res = await send(method, path, opts);
      if (res.status === 401) {
        const error = await toError(res);
        error.sessionExpired = true;
        await options.onSessionExpired?.(error);
        throw error;
      }
    }
    if (!res.ok) throw await toError(res);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** True for the error of a call that ended the session (the modal and redirect are under way). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.sessionExpired;
}
