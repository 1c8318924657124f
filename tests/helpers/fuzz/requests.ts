import fc from 'fast-check';
import type { ApiRouteInfo } from '../../../src/server/http/api/access';
import { validArbitrary } from './schema-arbitrary';
import { hugeString, mutantsOf, oddString, wholeBodies, type Mutant } from './mutations';
import { formBodies, type FormPart } from './multipart';

/** One generated request for a route, before known values are filled in and it is encoded. */
export type Caller = 'anonymous' | 'junk token' | 'user' | 'admin';
export type QueryPart = { k: string; v?: string } | { raw: string };
export type Body =
  | { json: unknown; contentType?: string }
  | { text: string; contentType?: string }
  | { form: FormPart[]; contentType?: string; cut?: number };

export interface FuzzCase {
  caller: Caller;
  /** 'valid' or the mutation applied (shown in failure reports). */
  kind: string;
  params: Record<string, unknown>;
  query: QueryPart[];
  /** The query as an object, before encoding (for checking it against the zod schema). */
  queryValue?: unknown;
  body?: Body;
}

const callers = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Caller>('anonymous') },
  { weight: 1, arbitrary: fc.constant<Caller>('junk token') },
  { weight: 4, arbitrary: fc.constant<Caller>('user') },
  { weight: 3, arbitrary: fc.constant<Caller>('admin') },
);

/** Query values travel as text: arrays become repeated keys, objects JSON. */
const asText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
function queryParts(value: unknown): QueryPart[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return value === undefined ? [] : [{ k: asText(value) }];
  return Object.entries(value).flatMap(([k, v]) =>
    v === undefined
      ? []
      : Array.isArray(v)
        ? v.map((item) => ({ k, v: asText(item) }))
        : [{ k, v: asText(v) }],
  );
}

/** Raw query pieces no object produces: bad percent-encoding, brackets, bare and empty keys. */
const rawQueryPieces = fc.constantFrom(
  '%',
  '%zz',
  '%FF',
  '%C0%AE',
  '%E0%A4%A',
  '=',
  '&&&',
  'a[]=1',
  'a[b]=1',
  '%00=%00',
  '__proto__=x',
  'constructor[prototype][x]=1',
);

/** Path parameter values that routers and decoders trip on (encoded when the path is filled). */
const oddParams = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '/',
    'a/b',
    '%2F',
    '%',
    '\u0000',
    ' ',
    '?',
    '#',
    '-1',
    '0',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.constant('x'.repeat(5000)),
  oddString,
);

export interface CaseContext {
  /** The catalogue body of a multipart route (the JSON its fields carry), when it has one. */
  multipartBody?: unknown;
  png: Uint8Array;
}

/** Every request a route is fuzzed with: valid parts, or valid parts with one part mutated. */
export function caseArbitrary(route: ApiRouteInfo, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const bodySchema = route.multipart ? ctx.multipartBody : route.schema?.body;
  const bodyArb = validArbitrary(bodySchema);
  const queryArb = validArbitrary(route.schema?.querystring);
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramsArb =
    validArbitrary(route.schema?.params) ??
    fc.record(Object.fromEntries(paramNames.map((n) => [n, fc.string()])));
  const valid = fc.record({
    caller: callers,
    params: paramsArb as fc.Arbitrary<Record<string, unknown>>,
    queryValue: queryArb ?? fc.constant(undefined),
    body: bodyArb ?? fc.constant(undefined),
  });
  return valid.chain(({ caller, params, queryValue, body }) => {
    const base: FuzzCase = {
      caller,
      kind: 'valid',
      params,
      query: queryParts(queryValue),
      queryValue,
    };
    if (bodyArb) base.body = { json: body };
    const variants: fc.WeightedArbitrary<FuzzCase>[] = [
      { weight: 35, arbitrary: fc.constant(base) },
    ];
    const add = (weight: number, arbitrary: fc.Arbitrary<Partial<FuzzCase>>) =>
      variants.push({ weight, arbitrary: arbitrary.map((change) => ({ ...base, ...change })) });

    if (bodyArb) {
      add(
        30,
        mutantsOf(body).map((m: Mutant) => ({ kind: `body: ${m.kind}`, body: { json: m.value } })),
      );
      add(
        8,
        wholeBodies.map(({ kind, json, text }) => ({
          kind,
          body: text === undefined ? { json } : { text, contentType: 'application/json' },
        })),
      );
      add(
        6,
        fc
          .constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'multipart/form-data',
          )
          .map((contentType) => ({
            kind: `content-type ${contentType}`,
            body: { json: body, contentType },
          })),
      );
    } else if (!route.multipart) {
      // A body the route does not expect (a GET with JSON, a POST with text).
      add(
        4,
        fc
          .oneof(
            wholeBodies,
            fc.constant<{ kind: string; json?: unknown; text?: string }>({
              kind: 'body replaced',
              json: { a: 1 },
            }),
          )
          .map(({ kind, json, text }) => ({
            kind: `unexpected ${kind}`,
            body: text === undefined ? { json } : { text },
          })),
      );
    }
    if (route.multipart)
      add(
        45,
        formBodies(body, ctx.png).map(({ kind, ...form }) => ({ kind, body: form })),
      );

    if (queryArb) {
      add(
        15,
        mutantsOf(queryValue ?? {}).map((m) => ({
          kind: `query: ${m.kind}`,
          query: queryParts(m.value),
          queryValue: m.value,
        })),
      );
      add(
        3,
        fc
          .tuple(
            fc.constantFrom(...Object.keys((queryValue as object) ?? {}), 'x'),
            fc.constantFrom('', undefined),
          )
          .map(([k, v]) => ({
            kind: `query: empty ${k}`,
            query: [...base.query.filter((p) => !('k' in p) || p.k !== k), { k, v }],
          })),
      );
    }
    add(
      queryArb ? 4 : 6,
      fc
        .oneof(
          rawQueryPieces.map((raw): QueryPart => ({ raw })),
          fc
            .tuple(fc.constantFrom('q', 'limit', 'id'), fc.oneof(oddString, hugeString(20_000)))
            .map(([k, v]): QueryPart => ({ k, v })),
        )
        .map((piece) => ({ kind: 'query: odd piece', query: [...base.query, piece] })),
    );

    if (paramNames.length) {
      add(
        10,
        mutantsOf(params).map((m) => ({
          kind: `params: ${m.kind}`,
          params: m.value as Record<string, unknown>,
        })),
      );
      add(
        10,
        fc
          .tuple(fc.constantFrom(...paramNames), oddParams)
          .map(([n, v]) => ({ kind: `params: odd ${n}`, params: { ...params, [n]: v } })),
      );
    }
    return fc.oneof(...variants);
  });
}
