import { describe, expect, it } from 'vitest';
import { orderCreateRequest } from '../../../shared/contracts/commerce';
import { attemptFor, newPlacingKey, sanitizePlacingAttempt } from './placing-attempt';

const keys = () => {
  let n = 0;
  return () => `key-${String(++n).padStart(4, '0')}`;
};
/** The server's rule for the key (the POST /orders contract). */
const serverTakes = (key: string) => orderCreateRequest.shape.idempotencyKey.safeParse(key).success;

describe('attemptFor', () => {
  it('keeps the attempt, and its key, for the same cart: a retry sends the same key', () => {
    const next = keys();
    const first = attemptFor(null, 'cart-a', next);
    expect(first).toEqual({ fingerprint: 'cart-a', key: 'key-0001' });
    expect(attemptFor(first, 'cart-a', next)).toBe(first);
  });

  it('starts a new attempt with a new key when the cart, an address or the code changed', () => {
    const next = keys();
    const first = attemptFor(null, 'cart-a', next);
    const changed = attemptFor(first, 'cart-b', next);
    expect(changed).toEqual({ fingerprint: 'cart-b', key: 'key-0002' });
    // Back to the first cart: that attempt was replaced, so another key.
    expect(attemptFor(changed, 'cart-a', next).key).toBe('key-0003');
  });
});

describe('newPlacingKey', () => {
  it('is a random UUID where the browser has randomUUID', () => {
    const a = newPlacingKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newPlacingKey()).not.toBe(a);
    expect(serverTakes(a)).toBe(true);
  });

  it('is 128 random bits in hex without it (plain http on another host), which the server takes', () => {
    // The browser's crypto without randomUUID.
    const random = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const a = newPlacingKey(random);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newPlacingKey(random)).not.toBe(a);
    expect(serverTakes(a)).toBe(true);
  });
});

describe('sanitizePlacingAttempt', () => {
  it('keeps a well-formed persisted attempt and drops anything else', () => {
    const attempt = { fingerprint: 'cart-a', key: 'a1b2c3d4-e5f6' };
    expect(sanitizePlacingAttempt(attempt)).toEqual(attempt);
    for (const bad of [
      null,
      'key',
      { fingerprint: 'cart-a' },
      { fingerprint: 1, key: 'a1b2c3d4-e5f6' },
      { fingerprint: 'cart-a', key: 'short' },
      { fingerprint: 'cart-a', key: 'has spaces in it' },
    ])
      expect(sanitizePlacingAttempt(bad)).toBeNull();
  });
});
