/**
 * The one client for /api/v1, used by the browser and by server-side loaders and actions (where
 * `fetch` is bound in-process to the API). Every call names an endpoint of the shared catalogue
 * (src/shared/api), so its request and response types come from the zod contracts — never from a
 * type assertion at the call site. Sends `x-access-token` from the token cookie; on a 401 (except
 * for /login and /token) it asks POST /token for new tokens once — the refresh cookie travels with
 * the request — and retries; if that fails, the session has expired (SPEC §8). Failed calls throw
 * one error type, `ApiError`, read in one place (`toApiError`).
 */
import { accountsApi } from '../../shared/api/accounts';
import type { DirectCall } from '../../shared/api/direct';
import {
  fillPath,
  type CallInput,
  type EndpointDef,
  type ResponseOf,
} from '../../shared/api/endpoint';
import { apiErrorOf, toApiError, type ApiError } from './api-error';

// The error type and its readers live in api-error.ts: the code every page loads needs them, the
// client itself loads on first use (lib/api.ts, docs/decisions/054).
export { ApiError, isSessionExpired, readCookie, toApiError } from './api-error';

/**
 * Calls whose 401 means "wrong credentials", not "expired session": never refreshed. A function,
 * not a module-level Set: with no top-level work here, a chunk that imports this module only for
 * the server's client (lib/api.ts) does not load it in the browser (docs/decisions/054).
 */
const noRefresh = (path: string) =>
  path === accountsApi.login.path || path === accountsApi.refreshToken.path;

export interface ApiClientOptions {
  /** '/api/v1' in the browser; an absolute URL elsewhere. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The current access token (the readable `token` cookie in the browser). */
  getToken?: () => string | undefined | null;
  /**
   * Refresh-and-retry on a 401 (default true). Off where a refresh cannot help: the server's
   * in-process client, whose identity the server resolved for the whole page request.
   */
  refresh?: boolean;
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
  /**
   * The server's in-process path to the API's reads (docs/decisions/046): tried first for calls
   * without extra headers or upload progress; a call it has no path for goes through `fetch`.
   */
  direct?: DirectCall;
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

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Reports the fraction of the body sent (0…1); restarts at 0 if the call is retried. */
  onUploadProgress?: (fraction: number) => void;
  /**
   * A read the page makes on its own (the header's unread badge), not one the member asked for:
   * when the session has ended it fails quietly (still marked `sessionExpired`), leaving the
   * modal and the sign-out to the member's next action rather than interrupting what they type.
   */
  background?: boolean;
}

/** A call's answer with the response headers (actions forward the API's Set-Cookie). */
export interface Exchange<T> {
  data: T;
  headers: Headers;
}

type QueryValue = string | number | boolean | undefined | null;

export function buildPath(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The request parts as the URL would carry them (`buildPath`, `fillPath`): strings only. */
function asUrlStrings(
  values: Record<string, unknown> | undefined,
): Record<string, string> | undefined {
  if (!values) return undefined;
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') strings[key] = String(value);
  }
  return strings;
}

interface SendInit extends CallOptions {
  method: string;
  path: string;
  body?: unknown;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const fallback = options.fallbackMessage ?? 'Something went wrong. Please try again later.';
  const refresh = options.refresh ?? true;
  let refreshing: Promise<boolean> | null = null;

  async function send(init: SendInit): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    const token = options.getToken?.();
    if (token) headers['x-access-token'] = token;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const url = baseUrl + init.path;
    const progress = init.onUploadProgress;
    if (progress) {
      progress(0);
      if (options.uploadFetch)
        return options.uploadFetch(
          url,
          { method: init.method, headers, body, signal: init.signal },
          progress,
        );
    }
    const res = await doFetch(url, {
      method: init.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: init.signal,
    });
    progress?.(1);
    return res;
  }

  /** One refresh at a time: concurrent 401s wait for the same POST /token. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const res = await send({ method: 'POST', path: accountsApi.refreshToken.path, body: {} });
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

  async function exchange<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E>,
    opts: CallOptions = {},
  ): Promise<Exchange<ResponseOf<E>>> {
    const { body, query, params } = input as { body?: unknown; query?: unknown; params?: unknown };
    const path = buildPath(
      fillPath(endpoint.path, params as Record<string, unknown> | undefined),
      query as Record<string, QueryValue> | undefined,
    );
    if (options.direct && !opts.headers && !opts.onUploadProgress) {
      const answer = await options.direct(endpoint.method, endpoint.path, {
        query: asUrlStrings(query as Record<string, unknown> | undefined),
        params: asUrlStrings(params as Record<string, unknown> | undefined),
      });
      // The answer the HTTP path would give, already decoded: no headers to forward from reads.
      if (answer?.ok) return { data: answer.data as ResponseOf<E>, headers: new Headers() };
      if (answer) throw apiErrorOf(answer.status, answer.body, fallback);
    }
    const init: SendInit = { ...opts, method: endpoint.method, path, body };
    let res = await send(init);
    if (res.status === 401 && refresh && !noRefresh(endpoint.path)) {
      if (await refreshOnce()) res = await send(init);
      if (res.status === 401) {
        const error = await toApiError(res, fallback);
        error.sessionExpired = true;
        if (!opts.background) await options.onSessionExpired?.(error);
        throw error;
      }
    }
    if (!res.ok) throw await toApiError(res, fallback);
    const text = res.status === 204 ? '' : await res.text();
    // The server serialises every answer through the same zod schema this type comes from.
    return { data: (text ? JSON.parse(text) : undefined) as ResponseOf<E>, headers: res.headers };
  }

  return {
    exchange,
    /** Calls an endpoint of the catalogue; resolves with its typed answer or throws ApiError. */
    call: async <E extends EndpointDef>(endpoint: E, input: CallInput<E>, opts?: CallOptions) =>
      (await exchange(endpoint, input, opts)).data,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
