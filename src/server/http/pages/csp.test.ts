import { describe, expect, it } from 'vitest';
import { nextNonce } from './csp';

describe('nextNonce', () => {
  it('gives 16 random bytes each time, never the same twice, past the pool’s refills', () => {
    const nonces = Array.from({ length: 1000 }, nextNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
    // No refill repeats the last pool's bytes: 1000 nonces span four refills of 256.
    const bytes = nonces.map((n) => Buffer.from(n, 'base64').toString('hex'));
    expect(new Set(bytes.map((b) => b.slice(0, 8))).size).toBeGreaterThan(990);
  });
});
