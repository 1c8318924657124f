import fc from 'fast-check';

/**
 * Near-valid inputs: one change to a valid value. A single change keeps the rest of the request
 * plausible, so each mutant probes one rule (a missing field, a wrong type) instead of failing on
 * the first of many problems.
 */

type Path = (string | number)[];

/** Text that breaks naive code: direction marks, joiners, combining marks, lone surrogates, NUL… */
export const ODD_PIECES = [
  '\u200F',
  '\u202E',
  '\u200D',
  '\u200B',
  '\uFEFF',
  '\u2028',
  '\u0085',
  '\uFFFF',
  '\uFFFE',
  '\uD800',
  '\uDFFF',
  '\u0000',
  '\u001B[31m',
  '\r\n',
  '\t',
  '👩‍👩‍👧',
  '🏳️‍🌈',
  '𝕏',
  'e\u0301\u0301\u0301',
  'ａｄｍｉｎ',
  'İ',
  'ß',
  '%00',
  '../',
  '<script>',
  "' OR 1=1 --",
  '${x}',
];

export const oddString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom(...ODD_PIECES), { minLength: 1, maxLength: 6 })
      .map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
);

/** 100 000 code units of one repeated piece (plain, accented, emoji, joiner, with NUL). */
export const hugeString = (size = 100_000): fc.Arbitrary<string> =>
  fc
    .constantFrom('x', 'é', '😀', '\u200D', 'a\u0000')
    .map((c) => c.repeat(Math.ceil(size / c.length)).slice(0, size));

/** A value of some JSON type, for "wrong type" mutants (the caller keeps one that differs). */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.constantFrom(
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER * 2,
  '',
  'text',
  '0',
  'true',
  true,
  false,
  null,
  [],
  ['a'],
  [1, 2],
  {},
  { a: 1 },
  { $gt: '' },
);

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every path inside a JSON value (not the root), with the value found there. */
export function pathsOf(value: unknown, prefix: Path = []): { path: Path; value: unknown }[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value);
  return entries.flatMap(([k, v]) => [
    { path: [...prefix, k], value: v },
    ...pathsOf(v, [...prefix, k]),
  ]);
}

/** A copy of `root` with the value at `path` replaced (or removed when `remove`). */
export function setAt(root: unknown, path: Path, next: unknown, remove = false): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    if (rest.length === 0 && remove) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, next, remove);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[head!];
  else copy[head!] = setAt(copy[head!], rest, next, remove);
  return copy;
}

export interface Mutant {
  kind: string;
  value: unknown;
}

/** Mutants of one valid JSON value (a body, or a query/params object before it is encoded). */
export function mutantsOf(valid: unknown): fc.Arbitrary<Mutant> {
  const paths = pathsOf(valid);
  const strings = paths.filter((p) => typeof p.value === 'string');
  const keyed = paths.filter((p) => typeof p.path[p.path.length - 1] === 'string');
  const options: fc.WeightedArbitrary<Mutant>[] = [
    {
      weight: 2,
      arbitrary: fc
        .dictionary(
          fc.constantFrom('extra', 'isAdmin', 'role', '__proto__', 'constructor', '', 'a.b'),
          fc.jsonValue({ maxDepth: 1 }),
          { minKeys: 1, maxKeys: 3 },
        )
        .map((extra) => ({
          kind: 'unknown fields',
          value: typeOf(valid) === 'object' ? { ...(valid as object), ...extra } : extra,
        })),
    },
  ];
  if (keyed.length)
    options.push({
      weight: 3,
      arbitrary: fc.constantFrom(...keyed).map((p) => ({
        kind: `missing ${p.path.join('.')}`,
        value: setAt(valid, p.path, undefined, true),
      })),
    });
  if (paths.length)
    options.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), wrongTypeValue)
        .filter(([p, w]) => typeOf(p.value) !== typeOf(w))
        .map(([p, w]) => ({
          kind: `wrong type at ${p.path.join('.')}`,
          value: setAt(valid, p.path, w),
        })),
    });
  const target = strings.length ? strings : paths;
  if (target.length) {
    const at = fc.constantFrom(...target);
    options.push(
      {
        weight: 2,
        arbitrary: fc.tuple(at, hugeString()).map(([p, s]) => ({
          kind: `huge string at ${p.path.join('.')}`,
          value: setAt(valid, p.path, s),
        })),
      },
      {
        weight: 3,
        arbitrary: fc.tuple(at, oddString).map(([p, s]) => ({
          kind: `odd unicode at ${p.path.join('.')}`,
          value: setAt(valid, p.path, s),
        })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(at, fc.nat()).map(([p, n]) => {
          // JSON, not String(): fast-check's records may have no prototype (String() throws on them).
          const s = typeof p.value === 'string' ? p.value : (JSON.stringify(p.value) ?? '');
          const i = n % (s.length + 1);
          return {
            kind: `NUL in ${p.path.join('.')}`,
            value: setAt(valid, p.path, `${s.slice(0, i)}\u0000${s.slice(i)}`),
          };
        }),
      },
    );
  }
  return fc.oneof(...options);
}

/** Whole-body replacements: other JSON types, and text that is not JSON at all. */
export const wholeBodies: fc.Arbitrary<{ kind: string; json?: unknown; text?: string }> = fc.oneof(
  fc
    .constantFrom(null, [], [{}], 42, -0.5, 'a string', true, {})
    .map((json) => ({ kind: 'body replaced', json })),
  fc
    .constantFrom(
      '{',
      '{"a":}',
      '[1,]',
      '{"a":1}}',
      'nul\u0000',
      '\uFEFF{}',
      '{"a":"\\ud800"}',
      "{'a':1}",
      'NaN',
      '',
      ' ',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
    )
    .map((text) => ({ kind: 'invalid JSON text', text })),
);
