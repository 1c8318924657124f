// Return requests (issue 27 §4, docs/decisions/074): the rules both sides need without zod —
// reasons, statuses, limits and the one rounding of the platform fee a refund gives back.

/** Why the buyer asks for their money back. */
export const RETURN_REASONS = [
  'not_received',
  'not_as_described',
  'damaged',
  'changed_mind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  not_received: 'Not received',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  changed_mind: 'Changed my mind',
};

/**
 * `open` (waiting for the seller) → `refunded` (the seller, or a moderator, accepted: the refund
 * is under way or done) | `awaiting_return` (accepted with the item coming back: the refund waits
 * for the seller to confirm it arrived, then `refunded`) | `declined` (the seller said no, with a
 * reason) → `escalated` (in the moderation queue; also from `open` once the seller left it
 * unanswered, and from `awaiting_return` once the seller left a tracked return unconfirmed) →
 * `refunded` | `awaiting_return` | `rejected` (a moderator said no: final).
 */
export const RETURN_STATUSES = [
  'open',
  'declined',
  'escalated',
  'awaiting_return',
  'refunded',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  open: 'Waiting for the seller',
  declined: 'Declined by the seller',
  escalated: 'With our moderators',
  awaiting_return: 'Accepted: waiting for the item to come back',
  refunded: 'Refund accepted',
  rejected: 'Closed without refund',
};

export const RETURN_LIMITS = {
  messageMax: 2000,
  declineReasonMax: 500,
  photosMax: 4,
  /** Days the seller has to answer before the buyer may send the request to moderation. */
  answerDays: 5,
  /**
   * Days the seller has to confirm a returned item arrived, from the buyer adding its tracking
   * number: unconfirmed by then, the buyer may send the request to moderation (ADR 074).
   */
  receiptDays: 14,
} as const;

/**
 * The platform fee a refund gives back: the fee's share of the refunded part of the total,
 * rounded half up to the minor unit — round(fee × refund / total). Defined once here: the server
 * records it, the property test proves the buyer's, the seller's and the platform's money still
 * add up to the cent with it. Integer arithmetic, so no float rounding can creep in.
 */
export function feeShareReturned(
  feeMinor: number,
  refundMinor: number,
  totalMinor: number,
): number {
  if (totalMinor <= 0 || refundMinor <= 0 || feeMinor <= 0) return 0;
  // Half up: floor((2·fee·refund + total) / (2·total)); BigInt keeps large products exact.
  const num = 2n * BigInt(feeMinor) * BigInt(refundMinor) + BigInt(totalMinor);
  return Number(num / (2n * BigInt(totalMinor)));
}
