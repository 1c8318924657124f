import type { InjectOptions } from 'fastify';
import * as api from '../../../src/shared/api';
import type { ApiRouteInfo } from '../../../src/server/http/api/access';
import { resolveKnown, type KnownKind } from './schema-arbitrary';
import { BOUNDARY, encodeForm } from './multipart';
import type { FuzzCase } from './requests';

/** From a generated case to the exact request app.inject sends, and back to words for a report. */

/** The catalogue endpoint of a registered route (multipart routes keep their JSON shape there). */
export function catalogueEndpoint(route: ApiRouteInfo): { body?: unknown } | undefined {
  for (const group of Object.values(api)) {
    if (!group || typeof group !== 'object') continue;
    for (const e of Object.values(group) as { method?: string; path?: string; body?: unknown }[]) {
      if (e?.method === route.method && `/api/v1${e.path}` === route.url) return e;
    }
  }
  return undefined;
}

/** Fills the known-value markers everywhere in a case (bytes are left alone). */
export function resolveCase<T>(value: T, known: Record<KnownKind, string[]>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return resolveKnown(v, known);
    if (v instanceof Uint8Array || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(walk);
    // defineProperty keeps a generated `__proto__` key an own property (it is one of the mutants).
    const out = {};
    for (const [k, inner] of Object.entries(v))
      Object.defineProperty(out, k, {
        value: walk(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  };
  return walk(value) as T;
}

/**
 * encodeURIComponent throws on lone surrogates; send them as the bytes a sloppy client would
 * (their 3-byte UTF-8-style form), which is itself an input worth fuzzing.
 */
export function encodeLoose(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0xd800 || cp > 0xdfff) out += encodeURIComponent(ch);
    else
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
  }
  return out;
}

const asText = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? '');

export function toInject(
  route: ApiRouteInfo,
  c: FuzzCase,
  headers: Record<string, string>,
  remoteAddress: string,
): InjectOptions {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeLoose(asText(c.params[name])),
  );
  const query = c.query
    .map((p) =>
      'raw' in p
        ? p.raw
        : p.v === undefined
          ? encodeLoose(p.k)
          : `${encodeLoose(p.k)}=${encodeLoose(p.v)}`,
    )
    .join('&');
  const opts: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers: { ...headers },
    remoteAddress,
  };
  const body = c.body;
  let payload: string | Buffer | undefined;
  let contentType = body?.contentType;
  if (body && 'json' in body) {
    payload = JSON.stringify(body.json);
    contentType ??= 'application/json';
  } else if (body && 'text' in body) {
    payload = body.text;
    contentType ??= 'application/json';
  } else if (body && 'form' in body) {
    const form = encodeForm(body.form);
    payload = body.cut === undefined ? form : form.subarray(0, body.cut);
    contentType ??= `multipart/form-data; boundary=${BOUNDARY}`;
  }
  if (payload !== undefined) {
    opts.payload = payload;
    opts.headers!['content-type'] = contentType!;
  }
  return opts;
}

const cut = (s: string, n = 500) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** The request as a report shows it: enough to send it again by hand. */
export function describeRequest(opts: InjectOptions, caller: string): string {
  const headers = Object.entries(opts.headers ?? {})
    .map(
      ([k, v]) =>
        `${k}: ${k === 'x-access-token' && caller !== 'junk token' ? `<${caller}'s access token>` : String(v)}`,
    )
    .join('; ');
  const payload = opts.payload;
  const body =
    payload === undefined
      ? '(none)'
      : Buffer.isBuffer(payload)
        ? `${payload.length} bytes: ${JSON.stringify(cut(payload.toString('latin1')))}`
        : JSON.stringify(cut(String(payload)));
  return [
    `${opts.method} ${cut(String(opts.url))}`,
    `headers: ${headers || '(none)'}`,
    `body: ${body}`,
  ].join('\n    ');
}
