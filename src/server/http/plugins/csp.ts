import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Env } from '../../config/env';

/**
 * Content-Security-Policy. React Router's SSR writes small inline scripts (hydration data and the
 * module loader), so scripts are allowed by per-response nonce; everything else is same-origin,
 * plus the configured media origin (S3/CDN) for images.
 */
export function contentSecurityPolicy(env: Env) {
  const mediaOrigins = env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : [];
  if (env.S3_BUCKET && !env.S3_ENDPOINT) mediaOrigins.push(`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`);
  return {
    useDefaults: false as const,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
      mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
      connectSrc: ["'self'", ...mediaOrigins, ...(env.NODE_ENV === 'development' ? ['ws:'] : [])],
      fontSrc: ["'self'", 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Vite's dev server injects inline and eval'd scripts for hot reload.
      scriptSrc:
        env.NODE_ENV === 'development'
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : ["'self'", (_req: IncomingMessage, res: ServerResponse) =>
              `'nonce-${(res as ServerResponse & { cspNonce?: string }).cspNonce ?? ''}'`],
      ...(env.NODE_ENV === 'production' && env.APP_URL.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}
