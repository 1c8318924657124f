// Offer rules without zod (issue 27 point 2, docs/decisions/076): the statuses, who proposed an
// offer and the limits, shared by the database schema, the server and the pages.

/**
 * pending: waiting for the other side; accepted: a private price for the buyer until it expires;
 * declined / countered (answered with a new offer) / withdrawn: closed; used: an order took it;
 * expired: accepted, unused for 48 hours (set when the pair's next offer is made).
 */
export const OFFER_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'countered',
  'withdrawn',
  'used',
  'expired',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Who made this offer (the other side answers it). */
export const OFFER_SIDES = ['buyer', 'seller'] as const;
export type OfferSide = (typeof OFFER_SIDES)[number];

/** What a side does with a pending offer: the other side answers it; its maker may withdraw it. */
export const OFFER_ACTIONS = ['accept', 'decline', 'counter', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

export const OFFER_LIMITS = {
  /** An accepted offer is the buyer's price for this long (the 48 hours). */
  validHours: 48,
  noteMax: 500,
  /** Most offers GET /offers lists per side (newest first). */
  listMax: 100,
  /** Most likers one "send an offer to likers" reaches. */
  likersMax: 1000,
} as const;

export const OFFER_VALID_MS = OFFER_LIMITS.validHours * 3_600_000;

/** Checkout's sentence for an accepted offer whose 48 hours have passed. */
export const OFFER_EXPIRED_MESSAGE =
  'Your offer for this post has expired: it was valid for 48 hours after it was accepted. Make a new offer or buy it at the listed price.';
