import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMPRESSION } from '../compression';

/**
 * Answers served to many readers from one cached object (the catalogue's public lists) are
 * encoded, serialised and compressed once per cached object, not once per request: at 50
 * concurrent readers the zod encode, JSON.stringify and brotli of a 24-post page were most of the
 * cost of a cache hit. Keyed by the object itself, so an invalidated (dropped) answer takes its
 * bytes with it; an uncached answer is a fresh object and is simply prepared once.
 */
interface Prepared {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}
const prepared = new WeakMap<object, Prepared>();

/** br if accepted, else gzip if accepted, else none (an encoding with q=0 is refused). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends `answer` as the route's JSON (encoded through `schema` exactly as the serializer would),
 * from bytes prepared once per answer object. Returns the reply, which a Fastify handler returns
 * once it has sent.
 */
export function sendShared<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  answer: z.output<S> & object,
): FastifyReply {
  let bytes = prepared.get(answer);
  if (!bytes) prepared.set(answer, (bytes = { json: JSON.stringify(z.encode(schema, answer)) }));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    bytes.json.length >= COMPRESSION.threshold
      ? acceptedEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding === 'br') {
    bytes.br ??= brotliCompressSync(bytes.json, COMPRESSION.brotli);
    return reply.header('content-encoding', 'br').send(bytes.br);
  }
  if (encoding === 'gzip') {
    bytes.gzip ??= gzipSync(bytes.json, COMPRESSION.gzip);
    return reply.header('content-encoding', 'gzip').send(bytes.gzip);
  }
  return reply.send(bytes.json);
}
