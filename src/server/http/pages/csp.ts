import { randomFillSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';

/**
 * Where Stripe.js and the Payment Element's frames come from and talk to (Stripe's integration
 * security guide), allowed only when Stripe is configured (docs/decisions/029).
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://merchant-ui-api.stripe.com'],
  img: ['https://*.stripe.com'],
};
const NO_SOURCES: typeof STRIPE_SOURCES = { script: [], frame: [], connect: [], img: [] };

/**
 * Content-Security-Policy. React Router's SSR writes small inline scripts (hydration data and the
 * module loader), so scripts are allowed by per-response nonce; everything else is same-origin,
 * plus the configured media origin (S3/CDN) for images, video and direct uploads.
 */
export function contentSecurityPolicy(env: Env): Record<string, string[]> {
  const stripe = env.STRIPE_PUBLISHABLE_KEY ? STRIPE_SOURCES : NO_SOURCES;
  const mediaOrigins = env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : [];
  if (env.S3_BUCKET && !env.S3_ENDPOINT)
    mediaOrigins.push(`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`);
  const dev = env.NODE_ENV === 'development';
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    // The marketplace's own origin too: a seller domain's "Go to checkout" form is answered with a
    // redirect there (docs/decisions/050), and form-action also governs a form's redirects.
    'form-action': ["'self'", new URL(env.APP_URL).origin],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins, ...stripe.img],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
    // The page's first script starts a worker from a blob to warm the browser's Intl up
    // (web/first-paint.server.ts): it only formats a number and a date, then closes.
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...mediaOrigins, ...stripe.connect, ...(dev ? ['ws:'] : [])],
    ...(stripe.frame.length ? { 'frame-src': ["'self'", ...stripe.frame] } : {}),
    'font-src': ["'self'", 'data:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Vite's dev server injects inline and eval'd scripts for hot reload; `{nonce}` is replaced per
    // response.
    'script-src': dev
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...stripe.script]
      : ["'self'", "'nonce-{nonce}'", ...stripe.script],
    ...(env.NODE_ENV === 'production' && env.APP_URL.startsWith('https://')
      ? { 'upgrade-insecure-requests': [] }
      : {}),
  };
}

/** A policy as one header value. */
const headerValue = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/**
 * The page policy for a document whose inline scripts are known in advance (a cached page, served
 * byte for byte to many visitors: src/server/http/pages/render-cache.ts): those scripts are allowed by
 * their SHA-256 hashes (base64) instead of a nonce; everything else is the same policy.
 */
export function hashedScriptsPolicy(env: Env, sha256s: readonly string[]): string {
  const policy = contentSecurityPolicy(env);
  const scripts = policy['script-src']!.filter((source) => !source.startsWith("'nonce-"));
  const hashes = sha256s.map((hash) => `'sha256-${hash}'`);
  return headerValue({ ...policy, 'script-src': [...scripts, ...hashes] });
}

/** JSON answers render nothing and embed nothing: the strictest policy there is. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, read from the system's generator in one call. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;

/**
 * A fresh CSP nonce (16 random bytes, base64). The bytes come from the operating system's
 * generator 4 KB at a time rather than one call per page, as Node's own randomUUID does: one
 * `randomBytes(16)` per document was ~6 % of a busy instance's CPU (the system call). Each nonce
 * is 16 bytes never handed out before, as unpredictable as one read on its own.
 */
export function nextNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  const nonce = noncePool.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/**
 * Sets the CSP on every answer from strings built once: documents get a fresh nonce (read by the
 * server renderer from `reply.raw.cspNonce`); /api/v1 answers, which are JSON and the bulk of the
 * traffic, get the fixed strict policy and skip the random bytes entirely.
 */
export function installContentSecurityPolicy(app: FastifyInstance, env: Env) {
  const policy = headerValue(contentSecurityPolicy(env));
  const [before, after] = policy.split('{nonce}') as [string, string | undefined];
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/v1/')) {
      reply.header('content-security-policy', API_CSP);
    } else if (after === undefined) {
      reply.header('content-security-policy', before);
    } else {
      const nonce = nextNonce();
      (reply.raw as { cspNonce?: string }).cspNonce = nonce;
      reply.header('content-security-policy', `${before}${nonce}${after}`);
    }
    done();
  });
}
