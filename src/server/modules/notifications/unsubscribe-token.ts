import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../shared/contracts/common';
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '../../../shared/contracts/notifications';

/**
 * One-click unsubscribe tokens: `<member id + scope>.<signature>`, both base64url. They never
 * expire and need no database row (an old email's link must keep working, RFC 8058), so they
 * are signed with a key derived from the app secret for this purpose only; rotating the secret
 * retires every link. Anyone holding one can only switch emails *off* for that member.
 */
const VERSION = 1;
const SIGNATURE_BYTES = 16;

const keys = new Map<string, Buffer>();
function signingKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('storefront/notifications-unsubscribe/v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const sign = (secret: string, payload: Buffer) =>
  createHmac('sha256', signingKey(secret)).update(payload).digest().subarray(0, SIGNATURE_BYTES);

export function signUnsubscribeToken(
  secret: string,
  userId: string,
  scope: UnsubscribeScope,
): string {
  if (!isUuid(userId)) throw new TypeError('an unsubscribe token needs a user id');
  const payload = Buffer.concat([
    Buffer.from([VERSION, UNSUBSCRIBE_SCOPES.indexOf(scope)]),
    Buffer.from(userId.replace(/-/g, ''), 'hex'),
  ]);
  return `${payload.toString('base64url')}.${sign(secret, payload).toString('base64url')}`;
}

/** The member and scope a token was signed for, or null for anything we did not sign. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | null {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,64})$/.exec(token.trim());
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url');
  const signature = Buffer.from(match[2]!, 'base64url');
  if (payload.length !== 18 || signature.length !== SIGNATURE_BYTES) return null;
  // One spelling per token: base64url leaves spare bits in the last character, which the decoder
  // ignores; a token that does not re-encode to itself was not written by us.
  if (payload.toString('base64url') !== match[1] || signature.toString('base64url') !== match[2])
    return null;
  if (!timingSafeEqual(signature, sign(secret, payload))) return null;
  const scope = UNSUBSCRIBE_SCOPES[payload[1]!];
  if (payload[0] !== VERSION || !scope) return null;
  const hex = payload.subarray(2).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, scope };
}
