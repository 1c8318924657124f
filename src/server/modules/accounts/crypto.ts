import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: emailed links and refresh tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored as SHA-256 hashes: a leaked table grants nothing. (They have 256 bits of
 * entropy, so a fast hash is enough; passwords get argon2id.)
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
