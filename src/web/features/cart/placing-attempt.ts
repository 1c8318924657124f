import { IDEMPOTENCY_KEY_RE } from '../../../shared/contracts/commerce-rules';

/**
 * One attempt to place the cart (docs/decisions/077): what is placed — the fingerprint of the
 * buyer, lines, addresses and code (order-fingerprint.ts) — and the idempotency key POST /orders
 * gets with it. Pressing "Place order and pay" again for the same cart — after a 503, a network
 * error, a reload — is the same attempt and sends the same key, so the server answers the order
 * the first press may have placed instead of placing a second. A changed cart, address or code is
 * another attempt, with a new key.
 */
export interface PlacingAttempt {
  fingerprint: string;
  key: string;
}

/** The attempt for the cart `fingerprint` names: `current` when it is that cart's, else a new one. */
export function attemptFor(
  current: PlacingAttempt | null,
  fingerprint: string,
  newKey: () => string = newPlacingKey,
): PlacingAttempt {
  return current?.fingerprint === fingerprint ? current : { fingerprint, key: newKey() };
}

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A new key: a random UUID. crypto.randomUUID exists in secure contexts only (https, localhost);
 * a site served over plain http elsewhere gets 128 random bits as hex, which the server takes too.
 */
export function newPlacingKey(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A persisted attempt (localStorage may hold anything): kept only when well formed. */
export function sanitizePlacingAttempt(value: unknown): PlacingAttempt | null {
  if (typeof value !== 'object' || value === null) return null;
  const { fingerprint, key } = value as Record<string, unknown>;
  return typeof fingerprint === 'string' && typeof key === 'string' && IDEMPOTENCY_KEY_RE.test(key)
    ? { fingerprint, key }
    : null;
}
