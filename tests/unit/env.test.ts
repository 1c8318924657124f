import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, publicConfig } from '../../src/server/config/env';

describe('configuration', () => {
  it('has working defaults for a laptop', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, APP_URL: 'http://localhost:3000', DATA_DIR: './data', CURRENCY: 'USD', SEED_DEMO: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({ DATABASE_POOL_MAX: 10, DATABASE_STATEMENT_TIMEOUT_MS: 15_000, DRAIN_MS: 10_000 });
  });

  it('treats empty strings as unset and parses booleans', () => {
    const env = loadEnv({ DATABASE_URL: '', SMTP_URL: '', SEED_DEMO: 'false', PORT: '8080' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PORT).toBe(8080);
    // APP_URL follows the port unless given.
    expect(env.APP_URL).toBe('http://localhost:8080');
    expect(loadEnv({ APP_URL: 'https://shop.example/' }).APP_URL).toBe('https://shop.example');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ CURRENCY: 'dollars' }, 'CURRENCY'],
    [{ DATABASE_URL: 'nope' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ STRIPE_SECRET_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_URL: 'localhost' }, 'STRIPE_API_URL'],
    [{ REDIS_PREFIX: 'shop:' }, 'REDIS_PREFIX'],
    [{ REDIS_PREFIX: 'two words' }, 'REDIS_PREFIX'],
    [{ REDIS_PREFIX: 'x'.repeat(65) }, 'REDIS_PREFIX'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ DRAIN_MS: 'soon' }, 'DRAIN_MS'],
  ])('a bad value stops start-up with a message naming the variable (%o)', (source, variable) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${variable}:`));
  });

  it('derives REDIS_PREFIX from the database unless given: one per deployment', () => {
    const postgres = (url: string) => loadEnv({ DATABASE_URL: url }).REDIS_PREFIX;
    expect(postgres('postgres://app:secret@db.internal:5432/shop_live')).toBe('shop_live');
    expect(postgres('postgres://app@db:5432/shop%20staging')).toBe('shop_staging');
    // No database in the URL: PostgreSQL's default, the user's name.
    expect(postgres('postgres://shop@db:5432')).toBe('shop');
    // PGlite: one per data directory, the same on every start.
    const pglite = (dir: string) => loadEnv({ DATA_DIR: dir }).REDIS_PREFIX;
    expect(pglite('/srv/shop/data')).toMatch(/^pglite-[0-9a-f]{12}$/);
    expect(pglite('/srv/shop/data')).toBe(pglite('/srv/shop/./data'));
    expect(pglite('/srv/shop/data')).not.toBe(pglite('/srv/other/data'));
    expect(loadEnv({ DATABASE_URL: 'postgres://db/shop', REDIS_PREFIX: 'eu:shop' }).REDIS_PREFIX).toBe('eu:shop');
  });

  it('exposes only whitelisted values to the browser', () => {
    const env = loadEnv({
      JWT_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    const pub = publicConfig(env);
    expect(Object.keys(pub).sort()).toEqual([
      'appUrl',
      'brandName',
      'currency',
      'landingProducts',
      'returnWindowDays',
      'shipWithinDays',
      'stripePublishableKey',
    ]);
    expect(JSON.stringify(pub)).not.toContain('sk_test_1');
    expect(JSON.stringify(pub)).not.toContain('whsec_1');
  });
});
