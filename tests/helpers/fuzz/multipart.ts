import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { hugeString, mutantsOf, oddString } from './mutations';

/**
 * multipart/form-data requests for routes that read their form themselves (no body schema): the
 * catalogue body's top-level fields as JSON text fields, plus an `image` file that is a real PNG,
 * random bytes, text, or a decompression bomb's header.
 */

export interface FormPart {
  name: string;
  filename?: string;
  type?: string;
  data: string | Uint8Array;
}

export const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

export function encodeForm(parts: FormPart[]): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename === undefined ? '' : `; filename="${p.filename}"`) +
        `\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    Buffer.from(p.data),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** The PNG with its IHDR claiming 100 000 × 100 000 pixels (CRC fixed, so only the size is wrong). */
function pixelBomb(png: Uint8Array): Uint8Array {
  const out = Buffer.from(png);
  out.writeUInt32BE(100_000, 16);
  out.writeUInt32BE(100_000, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function images(png: Uint8Array): fc.Arbitrary<{ kind: string; part: FormPart }> {
  const file = (
    kind: string,
    data: Uint8Array | string,
    type = 'image/png',
    filename = 'a.png',
  ) => ({
    kind,
    part: { name: 'image', filename, type, data },
  });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(file('png', png)) },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 2000 }).map((b) => file('random bytes', b)),
    },
    {
      weight: 1,
      arbitrary: fc.constant(file('text file', 'hello, not an image', 'text/plain', 'a.txt')),
    },
    { weight: 1, arbitrary: fc.constant(file('empty file', new Uint8Array())) },
    { weight: 1, arbitrary: fc.constant(file('truncated png', png.subarray(0, 40))) },
    { weight: 1, arbitrary: fc.constant(file('pixel bomb', pixelBomb(png))) },
    {
      weight: 1,
      arbitrary: fc.constant(
        file(
          'svg',
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          'image/svg+xml',
          'a.svg',
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: oddString.map((name) => file('odd file name', png, 'image/png', name)),
    },
  );
}

const fieldsOf = (body: unknown): FormPart[] =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? Object.entries(body).map(([name, v]) => ({ name, data: JSON.stringify(v) ?? '' }))
    : [];

export type FormBody = { kind: string; form: FormPart[]; contentType?: string; cut?: number };

/** Valid forms and their near misses; `body` is a valid catalogue body (or undefined). */
export function formBodies(body: unknown, png: Uint8Array): fc.Arbitrary<FormBody> {
  const fields = fieldsOf(body);
  const withImage = (kind: string, form: FormPart[]) =>
    images(png).map((img) => ({
      kind: `form: ${kind}, image ${img.kind}`,
      form: [...form, img.part],
    }));
  const firstField = fields[0]?.name ?? 'user';
  const fixed = (b: FormBody) => fc.constant(b);
  return fc.oneof<fc.WeightedArbitrary<FormBody>[]>(
    { weight: 8, arbitrary: withImage('fields', fields) },
    { weight: 2, arbitrary: fixed({ kind: 'form: fields only', form: fields }) },
    {
      weight: 5,
      arbitrary: mutantsOf(body ?? {}).chain((m) =>
        withImage(`fields ${m.kind}`, fieldsOf(m.value)),
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          fc.constantFrom('{', 'not json', '', 'null', '[]', '"text"'),
          oddString,
          hugeString(70_000),
        )
        .map((data) => ({
          kind: `form: raw ${firstField} field`,
          form: [{ name: firstField, data }],
        })),
    },
    {
      weight: 1,
      arbitrary: fixed({
        kind: 'form: file in another field',
        form: [{ name: 'other', filename: 'a.png', type: 'image/png', data: png }],
      }),
    },
    {
      weight: 1,
      arbitrary: fixed({
        kind: 'form: two images',
        form: [
          { name: 'image', filename: 'a.png', data: png },
          { name: 'image', filename: 'b.png', data: png },
        ],
      }),
    },
    {
      weight: 1,
      arbitrary: fixed({
        kind: 'form: too many fields',
        form: Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
      }),
    },
    {
      weight: 1,
      arbitrary: fixed({
        kind: 'form: no boundary',
        form: fields,
        contentType: 'multipart/form-data',
      }),
    },
    {
      weight: 1,
      arbitrary: fixed({
        kind: 'form: wrong boundary',
        form: fields,
        contentType: 'multipart/form-data; boundary=other',
      }),
    },
    {
      weight: 2,
      arbitrary: fc.nat(400).map((cut) => ({
        kind: 'form: truncated',
        form: [...fields, { name: 'image', filename: 'a.png', type: 'image/png', data: png }],
        cut,
      })),
    },
  );
}
