// Commerce rules both sides need without zod (the browser bundle stays small): statuses, the
// address shape and which fields each country requires, carriers and their tracking links.

/**
 * An order: `pending` (created, stock reserved, unpaid) → `paid`; `payment_failed` (the last
 * attempt failed; may still be paid until it expires) → `paid`; `cancelled` (expired unpaid, or
 * every part cancelled); `shipped` once every part not cancelled has shipped.
 */
export const ORDER_STATUSES = [
  'pending',
  'payment_failed',
  'paid',
  'shipped',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Not paid yet: a failed attempt may still be retried until the order's hold ends. */
export const UNPAID_ORDER_STATUSES = [
  'pending',
  'payment_failed',
] as const satisfies readonly OrderStatus[];
export const isUnpaidStatus = (status: OrderStatus) =>
  (UNPAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** One seller's part: `pending` (order unpaid) → `paid` → `shipped` (irreversible); `cancelled`. */
export const TRANSACTION_STATUSES = ['pending', 'paid', 'shipped', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * The seller's money for a part: `none` (nothing to pay yet), `held` (paid by the buyer, waiting
 * for shipment or for the seller's payout setup), `pending` (transfer under way), `paid`
 * (transferred), `refunded` (the part was cancelled and the buyer refunded).
 */
export const PAYOUT_STATUSES = ['none', 'held', 'pending', 'paid', 'refunded'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const FEEDBACK_TYPES = ['order', 'transaction'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/**
 * A movement of money: the buyer's charge, a seller's transfer, a refund to the buyer, and the
 * reversal of (part of) a transfer when a refund comes after the seller was paid (ADR 074).
 */
export const LEDGER_KINDS = ['charge', 'transfer', 'refund', 'reversal'] as const;

/** Stripe's PaymentIntent statuses the embedded driver uses. */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'succeeded',
  'canceled',
] as const;

export const COMMERCE_LIMITS = {
  /** Units of one line. */
  amountMax: 99,
  /** Lines in one order. */
  linesMax: 50,
  /** Saved addresses per member. */
  addressesMax: 20,
  trackingMax: 60,
  feedbackTextMax: 1000,
  /** Minutes an unpaid order keeps its stock. */
  holdMinutes: 30,
  /** Unpaid orders one member may hold at once (each holds stock until paid or released). */
  unpaidOrdersMax: 3,
  /** An order's idempotency key (docs/decisions/077): room for a UUID, too long to guess. */
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 100,
} as const;

/** An order's idempotency key (docs/decisions/077): letters, digits, "-" and "_" — a UUID fits. */
export const IDEMPOTENCY_KEY_RE = new RegExp(
  `^[A-Za-z0-9_-]{${COMMERCE_LIMITS.idempotencyKeyMin},${COMMERCE_LIMITS.idempotencyKeyMax}}$`,
);

/** "1A2B3C4D": an order's short reference, as the orders page and the emails show it. */
export const orderRef = (id: string) => id.slice(0, 8).toUpperCase();

/** A postal address as stored and on the wire (country: ISO 3166-1 alpha-2). */
export interface StoredAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** Countries offered in the address form (code → name), most common first then alphabetical. */
export const COUNTRIES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  CA: 'Canada',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  AT: 'Austria',
  BE: 'Belgium',
  BR: 'Brazil',
  CH: 'Switzerland',
  DK: 'Denmark',
  ES: 'Spain',
  FI: 'Finland',
  HK: 'Hong Kong',
  IE: 'Ireland',
  IN: 'India',
  IT: 'Italy',
  JP: 'Japan',
  MX: 'Mexico',
  NL: 'Netherlands',
  NO: 'Norway',
  NZ: 'New Zealand',
  PL: 'Poland',
  PT: 'Portugal',
  SE: 'Sweden',
  SG: 'Singapore',
};

/** Where a region (state, province) is part of the address, and what it is called. */
export const REGION_LABEL: Record<string, string> = {
  US: 'State',
  CA: 'Province',
  AU: 'State or territory',
  BR: 'State',
  IN: 'State',
  MX: 'State',
  JP: 'Prefecture',
  IT: 'Province',
  ES: 'Province',
};

/** Countries without postal codes in common use (of those offered). */
const NO_POSTAL_CODE = new Set(['HK']);
/** Postal-code patterns where a typo is easy to catch. */
const POSTAL_PATTERN: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  AU: /^\d{4}$/,
  NL: /^\d{4} ?[A-Za-z]{2}$/,
};

export const regionRequired = (country: string) => country in REGION_LABEL;
export const postalCodeRequired = (country: string) => !NO_POSTAL_CODE.has(country);

/** Field-level problems of an address (empty when it can be shipped to). */
export function addressProblems(
  a: StoredAddress,
): { field: keyof StoredAddress; message: string }[] {
  const out: { field: keyof StoredAddress; message: string }[] = [];
  if (!a.name.trim()) out.push({ field: 'name', message: 'Enter the name of the recipient.' });
  if (!a.line1.trim()) out.push({ field: 'line1', message: 'Enter the street address.' });
  if (!a.city.trim()) out.push({ field: 'city', message: 'Enter the city or town.' });
  if (!(a.country in COUNTRIES)) out.push({ field: 'country', message: 'Choose a country.' });
  else {
    if (regionRequired(a.country) && !a.region.trim())
      out.push({
        field: 'region',
        message: `Enter the ${REGION_LABEL[a.country]!.toLowerCase()}.`,
      });
    if (postalCodeRequired(a.country)) {
      const code = a.postalCode.trim();
      const pattern = POSTAL_PATTERN[a.country];
      if (!code) out.push({ field: 'postalCode', message: 'Enter the postal code.' });
      else if (pattern && !pattern.test(code))
        out.push({
          field: 'postalCode',
          message: `This is not a valid postal code for ${COUNTRIES[a.country]}.`,
        });
    }
  }
  return out;
}

/** Carriers a seller can pick when marking shipped, with their public tracking pages. */
export const CARRIERS: Record<string, { name: string; trackingUrl: (n: string) => string }> = {
  usps: {
    name: 'USPS',
    trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  ups: { name: 'UPS', trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}` },
  fedex: { name: 'FedEx', trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  dhl: { name: 'DHL', trackingUrl: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}` },
  royalmail: {
    name: 'Royal Mail',
    trackingUrl: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  canadapost: {
    name: 'Canada Post',
    trackingUrl: (n) =>
      `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  },
  auspost: {
    name: 'Australia Post',
    trackingUrl: (n) => `https://auspost.com.au/mypost/track/#/details/${n}`,
  },
  other: { name: 'Other carrier', trackingUrl: () => '' },
};
export const CARRIER_IDS = Object.keys(CARRIERS) as [string, ...string[]];

/** The public tracking page of a shipment, or null for an unknown carrier. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const url = CARRIERS[carrier]?.trackingUrl(encodeURIComponent(trackingNumber)) ?? '';
  return url || null;
}
