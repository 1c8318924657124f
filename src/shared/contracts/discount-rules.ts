// Discount codes' rules (issue 27, docs/decisions/073), shared by the contracts, the server that
// alone decides what a code takes off, and the seller's page that explains it.

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_SCOPES = ['shop', 'posts'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

export const DISCOUNT_LIMITS = {
  codeMin: 3,
  codeMax: 32,
  /** Codes one seller keeps. */
  codesMax: 100,
  /** Posts one code may name. */
  postsMax: 100,
  /** An amount off or a minimum order, in major units. */
  amountMax: 100_000,
  usesMax: 1_000_000,
} as const;

/** Letters, digits, dashes and underscores: a code reads the same aloud and in a mail. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** How codes are compared: case-insensitively (SUMMER10 = summer10). */
export const codeKey = (code: string) => code.trim().toLowerCase();

export interface DiscountTerms {
  kind: DiscountKind;
  /** Whole percent, or minor units. */
  value: number;
}

/**
 * What a code takes off `eligibleMinor` (the seller's items it applies to, before shipping and
 * tax): a percent rounded half-up to the cent, or the amount — never more than those items cost.
 */
export function discountMinor(terms: DiscountTerms, eligibleMinor: number): number {
  const off =
    terms.kind === 'percent' ? Math.floor((eligibleMinor * terms.value + 50) / 100) : terms.value;
  return Math.max(0, Math.min(off, eligibleMinor));
}
