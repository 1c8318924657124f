import fc from 'fast-check';
import { z } from 'zod';

/**
 * Valid values from a route's zod schema, by way of zod 4's own JSON Schema export: the JSON
 * Schema is a plain tree we can walk whatever zod builds (refinements and transforms drop out,
 * so "valid" means valid for the JSON Schema; the zod schema itself decides at run time).
 */

/** The subset of JSON Schema (draft 2020-12, as z.toJSONSchema writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** `io: 'input'`: what a client sends (before transforms and coercion), which is what we fuzz. */
export function toJsonSchema(schema: unknown): JsonSchema {
  return z.toJSONSchema(schema as z.ZodType, {
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
}

/**
 * Values that exist on the server (user ids, emails, a password, refresh tokens) reach the
 * handlers' success paths, which random strings never do. They are generated as markers
 * (`@@known:kind:n@@`) and resolved when the request is sent, so a seed always yields the same
 * request shapes although the ids differ from run to run.
 */
export type KnownKind = 'email' | 'username' | 'id' | 'password' | 'refreshToken';
export const knownMarker = (kind: KnownKind, n: number) => `@@known:${kind}:${n}@@`;
const MARKER = /@@known:(\w+):(\d+)@@/g;

export function resolveKnown(text: string, known: Record<KnownKind, string[]>): string {
  return text.replace(MARKER, (_, kind: KnownKind, n: string) => {
    const list = known[kind] ?? [];
    return list.length ? list[Number(n) % list.length]! : '';
  });
}

/** Which known values suit a field, by its name (login's `email` also takes a username). */
function knownKindsFor(name: string): KnownKind[] {
  const n = name.toLowerCase();
  if (n.includes('password')) return ['password'];
  if (n.includes('token')) return ['refreshToken'];
  if (n.includes('email')) return ['email', 'username'];
  if (n.includes('username')) return ['username'];
  if (n === 'id' || n.endsWith('_id') || n.endsWith('id')) return ['id'];
  return [];
}

const SOME_TIME_ZONES = ['UTC', 'Europe/Paris', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata'];

const clamp = (s: string, min: number, max: number) =>
  s.length > max ? s.slice(0, max) : s.length < min ? s.padEnd(min, 'a') : s;

function stringArbitrary(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 60);
  // Likely shapes first: slugs pass username rules, UUIDs pass id checks, URLs pass link checks.
  const shapes: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 30) }) },
    { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9_-]{1,16}[a-z0-9]$/) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.webUrl() },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 20) }) },
  ];
  const formats: Record<string, fc.Arbitrary<string>> = {
    email: fc.emailAddress(),
    uuid: fc.uuid(),
    uri: fc.webUrl(),
    url: fc.webUrl(),
    // Dates a client would send (years 2000–2099): JavaScript's extremes (+275760-…) are no
    // ISO 8601 date-time, so a field of this format would almost never be valid.
    'date-time': saneDate.map((d) => d.toISOString()),
    date: saneDate.map((d) => d.toISOString().slice(0, 10)),
  };
  const special = s.format ? formats[s.format] : undefined;
  // A format, like a pattern below, is the field's own description of valid text: most values
  // follow it, or a body of several ids (a cart's lines, two addresses) is almost never valid.
  if (special) shapes.push({ weight: 90, arbitrary: special });
  if (s.pattern) {
    try {
      // A pattern is the field's own description of valid text: without a format to go by, most
      // values follow it, or a body of several such fields is almost never valid (random text is
      // what the mutations are for).
      const weight = special ? 12 : 90;
      shapes.push({ weight, arbitrary: fc.stringMatching(new RegExp(s.pattern)) });
    } catch {
      // A pattern JavaScript cannot compile (other dialect): the other shapes still apply.
    }
  }
  // A time zone is valid only by name from the runtime's list (no pattern can say it): real ones, mostly.
  if (name.toLowerCase() === 'timezone')
    shapes.push({ weight: 90, arbitrary: fc.constantFrom(...SOME_TIME_ZONES) });
  const kinds = knownKindsFor(name);
  if (kinds.length) {
    const known = fc
      .tuple(fc.constantFrom(...kinds), fc.nat(50))
      .map(([kind, n]) => knownMarker(kind, n));
    shapes.push({ weight: 8, arbitrary: known });
  }
  // Known values keep their own length (markers are not the value); the rest fit the bounds.
  return fc.oneof(...shapes).map((v) => (v.startsWith('@@known:') ? v : clamp(v, min, max)));
}

/** A day or instant in this century. */
const saneDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const step = integer ? 1 : Number.EPSILON;
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : 1e6);
  const inner = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Bounds are where off-by-one errors live.
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 4, arbitrary: inner },
  );
}

/** Anything JSON, for `{}` (zod types JSON Schema cannot describe). */
const anyJson = fc.jsonValue({ maxDepth: 2 });

export interface SchemaContext {
  root: JsonSchema;
  name: string;
  depth: number;
}

/** A fast-check arbitrary of values the JSON Schema accepts. */
export function arbitraryFor(
  s: JsonSchema | boolean | undefined,
  ctx: SchemaContext,
): fc.Arbitrary<unknown> {
  if (s === undefined || s === true) return anyJson;
  if (s === false) return fc.constant(undefined);
  if (s.$ref) {
    // Recursive schemas (cycles become $ref): stop after a few levels.
    const target = ctx.root.$defs?.[s.$ref.replace(/^#\/\$defs\//, '')];
    if (!target || ctx.depth > 4) return fc.constant(null);
    return arbitraryFor(target, { ...ctx, depth: ctx.depth + 1 });
  }
  const child = (sub: JsonSchema | boolean | undefined, name = ctx.name) =>
    arbitraryFor(sub, { ...ctx, name, depth: ctx.depth + 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => child(b)));
  if (s.allOf?.length) return child(s.allOf[0]);
  if (s.nullable) return fc.option(child({ ...s, nullable: false }), { nil: null });
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => child({ ...s, type })));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberArbitrary(s, s.type === 'integer');
    case 'string':
      return stringArbitrary(s, ctx.name);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => child(p)));
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? minLength + 5, minLength + 5);
      return fc.array(child(s.items), { minLength, maxLength });
    }
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, child(v, k)]));
      const record = fc.record(model, {
        requiredKeys: (s.required ?? []).filter((k) => k in props),
      }) as fc.Arbitrary<Record<string, unknown>>;
      if (typeof s.additionalProperties !== 'object') return record;
      // A z.record: keys of its own, merged with any declared properties.
      const extra = fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        child(s.additionalProperties),
        {
          maxKeys: 4,
        },
      );
      return fc.tuple(extra, record).map(([a, b]) => ({ ...a, ...b }));
    }
    default:
      return anyJson;
  }
}

/** Valid values of a zod schema (undefined when the route has none). */
export function validArbitrary(schema: unknown, name = ''): fc.Arbitrary<unknown> | undefined {
  if (!schema) return undefined;
  const root = toJsonSchema(schema);
  return arbitraryFor(root, { root, name, depth: 0 });
}
