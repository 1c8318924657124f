import { createHmac, timingSafeEqual } from 'node:crypto';
import { cartLinkLines, type CartLinkLine } from '../../../shared/contracts/cart-link';
import { validationError, type ModuleDeps } from '../core';

// The cart a visitor filled on a seller's own domain, carried to the marketplace's checkout in the
// URL (docs/decisions/050): the seller's origin never sees a password, and the marketplace's
// origin cannot read the seller domain's browser storage. The link holds post ids, amounts and
// options only — prices, titles and stock are read again on arrival — and it is signed (so a link
// cannot be made up or altered to smuggle lines into someone's cart) and short-lived.

/** How long a cart link can be opened after it was made. */
export const CART_LINK_TTL_MS = 30 * 60_000;
const SIGNATURE_BYTES = 16;

let cached: { secret: string; key: Buffer } | null = null;
function signingKey(secret: string): Buffer {
  if (cached?.secret !== secret) {
    cached = {
      secret,
      key: createHmac('sha256', secret).update('storefront/cart-link/v1').digest(),
    };
  }
  return cached.key;
}

const sign = (secret: string, payload: string): Buffer =>
  createHmac('sha256', signingKey(secret)).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** Compact on the wire: `[[id, amount, options], …]` and the expiry in epoch seconds. */
interface Payload {
  e: number;
  l: [string, number, Record<string, string>][];
}

/**
 * `payload.signature`, both base64url: the token of `?cart=` on the marketplace's /checkout. A
 * reminder mail's link lives longer than a seller domain's hand-over (`ttlMs`).
 */
export function makeCartLink(
  deps: Pick<ModuleDeps, 'secret' | 'now'>,
  lines: CartLinkLine[],
  ttlMs = CART_LINK_TTL_MS,
): string {
  const body: Payload = {
    e: Math.floor((deps.now() + ttlMs) / 1000),
    l: lines.map((l) => [l._id, l.amount, l.selectedVariations ?? {}]),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(deps.secret, payload).toString('base64url')}`;
}

const INVALID =
  'This cart link was changed or is not one of ours. Go back to the shop and choose "Go to checkout" again.';
const EXPIRED =
  'This cart link has expired. Go back to the shop and choose "Go to checkout" again, or add the items from their pages.';

/** The lines of a cart link, or a 400 CART_LINK_INVALID saying why it cannot be used. */
export function openCartLink(
  deps: Pick<ModuleDeps, 'secret' | 'now'>,
  token: string,
): CartLinkLine[] {
  const [payload = '', signature = '', extra] = token.split('.');
  const expected = sign(deps.secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (
    extra !== undefined ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw validationError(INVALID, 'CART_LINK_INVALID');
  }
  let body: Payload;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw validationError(INVALID, 'CART_LINK_INVALID');
  }
  if (typeof body.e !== 'number' || body.e * 1000 <= deps.now()) {
    throw validationError(EXPIRED, 'CART_LINK_INVALID');
  }
  // Signed by us, so well formed; checked anyway, as every input is.
  const lines = cartLinkLines.safeParse(
    Array.isArray(body.l)
      ? body.l.map(([_id, amount, selectedVariations]) => ({ _id, amount, selectedVariations }))
      : null,
  );
  if (!lines.success) throw validationError(INVALID, 'CART_LINK_INVALID');
  return lines.data;
}
