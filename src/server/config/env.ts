import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Empty strings in the environment mean "not set". */
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const bool = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : v),
    z.union([
      z.boolean(),
      z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1'),
    ]),
  );

const REDIS_PREFIX_FORMAT = /^[A-Za-z0-9._:-]{0,63}[A-Za-z0-9._-]$/;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Defaults to http://localhost:{PORT}. */
    APP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    /** PostgreSQL connections per instance (instances × this must fit the server's max_connections). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    /** A statement running longer is cancelled (answered 503), so it cannot hold a connection for ever; 0: never. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    /**
     * After SIGTERM: how long the instance keeps serving while its readiness check fails, so a
     * balancer that health-checks it stops sending traffic before it closes (docs/decisions/038).
     */
    DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    JWT_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Storefront <no-reply@localhost>'),
    STRIPE_SECRET_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…) or restricted key (rk_…)')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
    ),
    /**
     * The signing secret of the webhook endpoint (whsec_…). Stripe sends events of connected
     * accounts (account.updated) to a separate Connect endpoint with its own secret: both may point
     * at the same URL, with their secrets here separated by a comma.
     */
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(
          /^whsec_[^,\s]+(\s*,\s*whsec_[^,\s]+)*$/,
          'must be webhook signing secrets (whsec_…), comma-separated',
        )
        .optional(),
    ),
    /** Another Stripe API address (stripe-mock, a local stand-in); unset: Stripe's own. */
    STRIPE_API_URL: optionalUrl,
    S3_BUCKET: optional,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    OPENAI_API_KEY: optional,
    /** Another OpenAI-compatible API address (a local stand-in); unset: OpenAI's own. */
    OPENAI_API_URL: optionalUrl,
    /** The image model asked for when OPENAI_API_KEY is set. */
    OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
    /**
     * The products the /index-{product}bio landing pages pitch to, comma-separated slugs (SPEC §2):
     * `pc-hardware` serves /index-pc-hardwarebio; any other slug is a 404.
     */
    LANDING_PRODUCTS: z
      .string()
      .default('pc-hardware,art,vintage,music')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[a-z0-9][a-z0-9-]{0,40}$/, 'each slug: lower-case letters, digits and dashes'),
        ),
      ),
    REDIS_URL: optionalUrl,
    /**
     * Put before every Redis key and pub/sub channel (then a colon), so deployments sharing one
     * Redis neither share rate limits nor drop each other's caches. Default: redisPrefixOf below.
     */
    REDIS_PREFIX: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(
          REDIS_PREFIX_FORMAT,
          'must be 1–64 letters, digits, dots, dashes, underscores or colons, not ending in a colon',
        )
        .optional(),
    ),
    CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code such as USD')
      .default('USD'),
    BRAND_NAME: z.string().min(1).default('Storefront'),
    SEED_DEMO: bool(true),
    ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(8).max(128).optional(),
    ),
    /**
     * Which X-Forwarded-* headers to believe: `false` (default: the socket's address is the
     * client), `true` (every hop: only behind a proxy that overwrites the header), a hop count, or
     * a comma-separated list of proxy addresses/CIDRs. Believing a header the client wrote lets it
     * pick its own IP, and with it a fresh per-IP rate limit on every request.
     */
    TRUST_PROXY: z.preprocess(
      (v) => (v === undefined || v === '' ? 'false' : v),
      z.string().transform((v): boolean | number | string[] => {
        const s = v.trim().toLowerCase();
        if (s === 'false' || s === '0') return false;
        if (s === 'true') return true;
        if (/^\d+$/.test(s)) return Number(s);
        return s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
      }),
    ),
    /**
     * Page renders a client address may cause per minute when no cache answers them (visitors
     * without a session: docs/decisions/053); past it they get a 429 page. Cache hits never count.
     * 0: no limit (a benchmark rendering from one address).
     */
    RENDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
    /** The bearer token GET /metrics asks for; unset, the metrics endpoint is off (404). */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .min(16, 'must be at least 16 characters')
        .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters (no spaces)')
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** How long a public post list answer may be served from memory (invalidated on every write; 0: never). */
    /** A paid sale not marked shipped within this many days is cancelled and refunded. */
    SHIP_WITHIN_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    /** Days after a part ships during which its buyer may ask for a refund (ADR 074). */
    RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  })
  .superRefine((env, ctx) => {
    // With Stripe, the browser needs the publishable key for the Payment Element, and orders are
    // confirmed paid only by signed webhooks: a server without the signing secret never gets paid.
    if (env.STRIPE_SECRET_KEY) {
      for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must be set when STRIPE_SECRET_KEY is set',
          });
        }
      }
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, 'APP_URL' | 'REDIS_PREFIX'> & {
  APP_URL: string;
  REDIS_PREFIX: string;
};

export class EnvError extends Error {}

/** Parses configuration once at boot; a bad value names the variable and stops start-up. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    REDIS_PREFIX: env.REDIS_PREFIX ?? redisPrefixOf(env),
  };
}

/**
 * The default REDIS_PREFIX: one per database, since instances that share a database are one
 * deployment. With PostgreSQL, the database's name (deployments with the same database name on
 * different servers must set REDIS_PREFIX); with PGlite, a digest of the data directory's full path.
 */
export function redisPrefixOf(env: { DATABASE_URL?: string; DATA_DIR: string }): string {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    // PostgreSQL's own default: no database in the URL means the one named after the user.
    const name =
      decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres';
    return name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  }
  const digest = createHash('sha256').update(path.resolve(env.DATA_DIR)).digest('hex');
  return `pglite-${digest.slice(0, 12)}`;
}

/** The few values the browser may see. Everything else stays on the server. */
export function publicConfig(env: Env) {
  return {
    appUrl: env.APP_URL,
    brandName: env.BRAND_NAME,
    currency: env.CURRENCY,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    landingProducts: env.LANDING_PRODUCTS,
    // The terms of service state it (the automatic cancellation of unshipped sales).
    shipWithinDays: env.SHIP_WITHIN_DAYS,
    // The order page says until when a refund may be asked for.
    returnWindowDays: env.RETURN_WINDOW_DAYS,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
