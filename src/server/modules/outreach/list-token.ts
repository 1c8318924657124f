import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../shared/contracts/common';

/**
 * The signed links of list emails, like the notifications' unsubscribe tokens: `<payload>.<mac>`,
 * both base64url, no database row. A `confirm` token (the double opt-in link) expires; an
 * `unsubscribe` token never does (an old email's link and its RFC 8058 header must keep working).
 * The payload names the subscriber row, so a token can only act on that one address of that one
 * list. Signed with a key derived from the app secret for this purpose only.
 */
const VERSION = 1;
const SIGNATURE_BYTES = 16;
const PURPOSES = ['confirm', 'unsubscribe'] as const;
export type ListTokenPurpose = (typeof PURPOSES)[number];

const keys = new Map<string, Buffer>();
function signingKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('storefront/email-list/v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const sign = (secret: string, payload: Buffer) =>
  createHmac('sha256', signingKey(secret)).update(payload).digest().subarray(0, SIGNATURE_BYTES);

export interface ListTokenClaim {
  subscriberId: string;
  purpose: ListTokenPurpose;
  /** Epoch ms after which a confirm token is refused (null: never, unsubscribe tokens). */
  expiresAt: number | null;
}

export function signListToken(
  secret: string,
  subscriberId: string,
  purpose: ListTokenPurpose,
  expiresAt: number | null = null,
): string {
  if (!isUuid(subscriberId)) throw new TypeError('a list token needs a subscriber id');
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(expiresAt === null ? 0 : Math.ceil(expiresAt / 1000));
  const payload = Buffer.concat([
    Buffer.from([VERSION, PURPOSES.indexOf(purpose)]),
    Buffer.from(subscriberId.replace(/-/g, ''), 'hex'),
    expiry,
  ]);
  return `${payload.toString('base64url')}.${sign(secret, payload).toString('base64url')}`;
}

/** What a token was signed for, or null for anything we did not sign (expiry is the caller's). */
export function readListToken(secret: string, token: string): ListTokenClaim | null {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,64})$/.exec(token.trim());
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url');
  const signature = Buffer.from(match[2]!, 'base64url');
  if (payload.length !== 22 || signature.length !== SIGNATURE_BYTES) return null;
  // One spelling per token (base64url's spare bits): a token that does not re-encode to itself
  // was not written by us.
  if (payload.toString('base64url') !== match[1] || signature.toString('base64url') !== match[2])
    return null;
  if (!timingSafeEqual(signature, sign(secret, payload))) return null;
  const purpose = PURPOSES[payload[1]!];
  if (payload[0] !== VERSION || !purpose) return null;
  const hex = payload.subarray(2, 18).toString('hex');
  const subscriberId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const seconds = payload.readUInt32BE(18);
  return { subscriberId, purpose, expiresAt: seconds === 0 ? null : seconds * 1000 };
}
