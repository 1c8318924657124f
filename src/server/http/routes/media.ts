import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isValidKey } from '../../adapters/storage/keys';
import type { LocalStorageDriver } from '../../adapters/storage/local';

export interface LocalStorageRoutesOptions {
  storage: LocalStorageDriver;
  /** The directory the storage writes to; served read-only under /media/. */
  dir: string;
  /** Largest accepted upload body, in bytes. */
  maxBytes: number;
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
  const { storage, maxBytes } = opts;
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
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_req, body, done) => {
      done(null, body);
    },
  );

  fastify.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode === 413) {
      return reply
        .code(413)
        .send({ statusCode: 413, error: 'Payload Too Large', message: tooLargeMessage(maxBytes) });
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
      !storage.verifyUploadSignature({ key, expires, ct, sig })
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
    if (Number.isFinite(declared) && declared > maxBytes) {
      return reply
        .code(413)
        .send({ statusCode: 413, error: 'Payload Too Large', message: tooLargeMessage(maxBytes) });
    }
  }

  fastify.put<UploadRequest>(
    '/media-upload/*',
    {
      onRequest: checkLink,
      bodyLimit: maxBytes,
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
      if (body.length > maxBytes) {
        return reply
          .code(413)
          .send({
            statusCode: 413,
            error: 'Payload Too Large',
            message: tooLargeMessage(maxBytes),
          });
      }
      const stored = await storage.put(request.params['*'], body, request.query.ct as string);
      return reply.code(201).send(stored);
    },
  );
};
