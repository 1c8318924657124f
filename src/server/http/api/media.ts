import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { isValidKey } from '../../adapters/storage/keys';
import type { LocalStorageDriver } from '../../adapters/storage/local';
import { MEDIA_MAX_BYTES, UPLOAD_EXTENSIONS } from '../../../shared/contracts/catalog-rules';

export interface LocalStorageRoutesOptions {
  storage: LocalStorageDriver;
  /** The directory the storage writes to; served read-only under /media/. */
  dir: string;
  /** Largest accepted upload body for keys that are not a post's media file, in bytes. */
  maxBytes: number;
}

/**
 * The size limit of one upload: a post's media file (its key ends in a media extension) gets the
 * limit of its type (MEDIA_MAX_BYTES: images 15 MB, audio 25 MB, video 100 MB), anything else
 * `fallback`. The key is signed, so the limit cannot be raised by renaming.
 */
export function uploadLimitFor(key: string, fallback: number): number {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? '';
  const type = Object.hasOwn(UPLOAD_EXTENSIONS, ext)
    ? UPLOAD_EXTENSIONS[ext as keyof typeof UPLOAD_EXTENSIONS]
    : undefined;
  return type ? MEDIA_MAX_BYTES[type] : fallback;
}

/** `x-amz-meta-*` request headers (the signed upload metadata), names without the prefix. */
function metadataOf(request: FastifyRequest): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') {
      meta[name.slice('x-amz-meta-'.length)] = value.trim();
    }
  }
  return meta;
}

/** Reads a body up to `limit` bytes; past that it stops reading and fails with a 413. */
function readLimited(payload: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (err: Error) => {
      payload.removeListener('data', onData);
      payload.resume();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        fail(Object.assign(new Error('Upload too large'), { statusCode: 413 }));
        return;
      }
      chunks.push(chunk);
    };
    payload.on('data', onData);
    payload.once('end', () => resolve(Buffer.concat(chunks, size)));
    payload.once('error', fail);
  });
}

const INVALID_LINK = 'This upload link is invalid or has expired.';

interface UploadRequest {
  Params: { '*': string };
  Querystring: { expires?: string; ct?: string; sig?: string };
  Body: Buffer;
}

function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return `This file is too large. Files must be ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB or smaller.`;
}

/**
 * Serves and accepts media for the local storage driver. Registered without fastify-plugin on
 * purpose: the raw-body parser and the error handler below stay inside this scope and do not
 * change how the rest of the app parses JSON or reports errors.
 */
export const localStorageRoutes: FastifyPluginAsync<LocalStorageRoutesOptions> = async (
  fastify,
  opts,
) => {
  const { storage } = opts;
  const limitOf = (key: string) => uploadLimitFor(key, opts.maxBytes);
  const routeLimit = Math.max(opts.maxBytes, ...Object.values(MEDIA_MAX_BYTES));
  const root = path.resolve(opts.dir);
  mkdirSync(root, { recursive: true });

  await fastify.register(fastifyStatic, {
    root,
    prefix: '/media/',
    // Keys are content-unique, so a URL's bytes never change.
    immutable: true,
    maxAge: '365d',
    // Another scope of the app may serve static assets too; do not fight over reply.sendFile.
    decorateReply: false,
    // Hidden files are in-progress temp writes.
    dotfiles: 'deny',
    index: false,
    setHeaders(reply) {
      reply.header('X-Content-Type-Options', 'nosniff');
      // Uploaded bytes are user content: even if something renders as a document, it gets no
      // scripts, no origin and no network.
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    },
  });

  // Uploads are raw bytes of any media type; parent scopes may have parsers (JSON) that would
  // otherwise claim some content types.
  fastify.removeAllContentTypeParsers();
  // The limit follows the (signed) key's media type, so the body is read by hand, not by a
  // parser with one fixed bodyLimit.
  fastify.addContentTypeParser('*', { bodyLimit: routeLimit }, async (request: FastifyRequest) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    return readLimited(request.raw, limitOf(key));
  });

  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.statusCode === 413) {
      const key = (request.params as { '*'?: string } | undefined)?.['*'] ?? '';
      return reply.code(413).send({
        statusCode: 413,
        error: 'Payload Too Large',
        message: tooLargeMessage(limitOf(key)),
      });
    }
    // Everything else is the app's business: hand it to the parent error handler.
    throw error;
  });

  function forbid(reply: FastifyReply) {
    return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: INVALID_LINK });
  }

  // Runs before the body is read, so unsigned clients cannot make the server buffer maxBytes.
  async function checkLink(request: FastifyRequest<UploadRequest>, reply: FastifyReply) {
    const key = request.params['*'];
    const { expires, ct, sig } = request.query;
    if (
      !isValidKey(key) ||
      !expires ||
      !ct ||
      !sig ||
      !storage.verifyUploadSignature({ key, expires, ct, sig, meta: metadataOf(request) })
    ) {
      return forbid(reply);
    }
    const sent = (request.headers['content-type'] ?? '').trim().toLowerCase();
    if (sent !== ct) {
      return reply.code(415).send({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: `This upload link expects Content-Type ${ct}.`,
      });
    }
    const declared = Number(request.headers['content-length']);
    const limit = limitOf(key);
    if (Number.isFinite(declared) && declared > limit) {
      return reply
        .code(413)
        .send({ statusCode: 413, error: 'Payload Too Large', message: tooLargeMessage(limit) });
    }
  }

  fastify.put<UploadRequest>(
    '/media-upload/*',
    {
      onRequest: checkLink,
      bodyLimit: routeLimit,
      // Signed links are already scarce; this caps what one address can push through them.
      config: { rateLimit: { max: 60, timeWindow: 10 * 60_000 } },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: 'The upload is empty.' });
      }
      const limit = limitOf(request.params['*']);
      if (body.length > limit) {
        return reply
          .code(413)
          .send({ statusCode: 413, error: 'Payload Too Large', message: tooLargeMessage(limit) });
      }
      const stored = await storage.put(request.params['*'], body, request.query.ct as string);
      return reply.code(201).send(stored);
    },
  );
};
