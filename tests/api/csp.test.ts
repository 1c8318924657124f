import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { loadEnv } from '../../src/server/config/env';
import { API_CSP, contentSecurityPolicy } from '../../src/server/http/pages/csp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('Content-Security-Policy', () => {
  it('gives JSON answers the fixed strict policy, without a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    expect(API_CSP).toContain("default-src 'none'");
  });

  it('gives every other answer the page policy with a fresh nonce each time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const b = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const nonceOf = (h: unknown) => /'nonce-([A-Za-z0-9+/=]{20,})'/.exec(String(h))?.[1];
    expect(String(a.headers['content-security-policy'])).toMatch(/^default-src 'self'; /);
    expect(nonceOf(a.headers['content-security-policy'])).toBeTruthy();
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(
      nonceOf(b.headers['content-security-policy']),
    );
  });

  it('lets Stripe.js and its frames in only where Stripe is configured', () => {
    const embedded = contentSecurityPolicy(loadEnv({}));
    expect(JSON.stringify(embedded)).not.toContain('stripe');
    expect(embedded['frame-src']).toBeUndefined();
    const stripe = contentSecurityPolicy(
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    );
    expect(stripe['script-src']).toEqual([
      "'self'",
      "'nonce-{nonce}'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(stripe['frame-src']).toContain('https://hooks.stripe.com');
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
  });
});
