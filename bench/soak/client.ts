// The simulated users' HTTP client: every call goes through HAProxy, names an endpoint of the
// shared API catalogue (src/shared/api: method, path pattern, the request's types) and is recorded
// with its route pattern, time, status and whether a 503 carried Retry-After.
import type { CallInput, EndpointDef, ResponseOf } from '../../src/shared/api/endpoint';
import { fillPath } from '../../src/shared/api/endpoint';
import { buildPath } from '../../src/web/lib/api-client';
import { PORTS, REQUEST_TIMEOUT_MS } from './config';

export const FRONT = `http://127.0.0.1:${PORTS.haproxy}`;

export interface Sample {
  route: string;
  /** Wall-clock start and end (ms), to place the call inside or outside a fault window. */
  start: number;
  end: number;
  ms: number;
  /** 0: no answer (connection refused or reset, timeout). */
  status: number;
  retryAfter: boolean;
  /** Answered by HAProxy itself (no instance did: its answers have no X-Request-Id). */
  byBalancer: boolean;
  /** For failures: the error code, or the answer's `code`. */
  detail?: string;
  /** The X-Request-Id it was sent with: finds it in HAProxy's log and the instances' logs. */
  id: string;
  /**
   * The connection closed before any answer and the request was sent again, as browsers do on a
   * reused keep-alive connection; HAProxy closes silently in just that case so that clients resend.
   */
  resent?: true;
}

export class Recorder {
  readonly samples: Sample[] = [];
  add(sample: Sample) {
    this.samples.push(sample);
  }
}

/** Who calls: each simulated user has its own client address and, once signed in, a token. */
export interface Caller {
  ip: string;
  token?: string;
}

export interface Answer<T> {
  status: number;
  ok: boolean;
  data: T | null;
  /** The error's `code` when the body had one. */
  code?: string;
  retryAfterSeconds?: number;
}

let sent = 0;

async function exchange(rec: Recorder, route: string, url: string, init: RequestInit, resend = true): Promise<Exchanged> {
  const id = `soak-${++sent}`;
  const request = { ...init, headers: { ...(init.headers as Record<string, string>), 'x-request-id': id } };
  const start = Date.now();
  const t0 = performance.now();
  const done = (status: number, headers: Headers | null, extra: Partial<Sample> = {}) => {
    const ms = performance.now() - t0;
    rec.add({
      route,
      start,
      end: start + ms,
      ms,
      status,
      retryAfter: headers?.has('retry-after') ?? false,
      byBalancer: headers !== null && !headers.has('x-request-id'),
      id,
      ...extra,
    });
  };
  let res: Response;
  try {
    res = await fetch(url, { ...request, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    // Closed before any answer: a browser sends it again on a new connection (any method), once.
    if (cause === 'UND_ERR_SOCKET' && resend) {
      done(0, null, { detail: cause, resent: true });
      return exchange(rec, route, url, init, false);
    }
    done(0, null, { detail: cause });
    return { status: 0, headers: null, body: '', code: cause };
  }
  try {
    // The body is part of the answer's time.
    const body = await res.text();
    let code: string | undefined;
    if (res.status >= 400) {
      try {
        code = (JSON.parse(body) as { code?: string }).code;
      } catch {
        // not JSON: a page
      }
    }
    done(res.status, res.headers, code ? { detail: code } : {});
    return { status: res.status, headers: res.headers, body, code };
  } catch (err) {
    // The answer started and broke off: nobody can resend that blindly.
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    done(0, null, { detail: `${cause} (answer cut off)` });
    return { status: 0, headers: null, body: '', code: cause };
  }
}

interface Exchanged {
  status: number;
  headers: Headers | null;
  body: string;
  code?: string;
}

/** One call of the catalogue, as `who`; never throws (failures are answers with a status). */
export async function api<E extends EndpointDef>(
  rec: Recorder,
  who: Caller,
  endpoint: E,
  input: CallInput<E>,
): Promise<Answer<ResponseOf<E>>> {
  const { body, query, params } = input as { body?: unknown; query?: Record<string, string | number>; params?: Record<string, unknown> };
  const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': who.ip };
  if (who.token) headers['x-access-token'] = who.token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = `${FRONT}/api/v1${buildPath(fillPath(endpoint.path, params), query)}`;
  const r = await exchange(rec, `${endpoint.method} /api/v1${endpoint.path}`, url, {
    method: endpoint.method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const ok = r.status >= 200 && r.status < 300;
  const retryAfter = Number(r.headers?.get('retry-after'));
  return {
    status: r.status,
    ok,
    data: ok && r.body ? (JSON.parse(r.body) as ResponseOf<E>) : null,
    ...(r.code ? { code: r.code } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

/** A server-rendered page, as a browser asks for it; `route` is its pattern (/:username). */
export async function page(rec: Recorder, who: Caller, path: string, route: string) {
  const r = await exchange(rec, `PAGE ${route}`, FRONT + path, {
    headers: { accept: 'text/html', 'x-forwarded-for': who.ip },
  });
  return r.status;
}

/** A PUT of bytes to a signed upload URL (straight to storage, as the browser's editor does). */
export async function putSigned(rec: Recorder, target: { url: string; headers: Record<string, string> }, bytes: Buffer) {
  const r = await exchange(rec, 'PUT (signed upload to S3)', target.url, {
    method: 'PUT',
    headers: target.headers,
    body: new Uint8Array(bytes),
  });
  return r.status;
}
