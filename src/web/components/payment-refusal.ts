import { MESSAGES } from '../../shared/messages';
import { ApiError } from '../lib/api-error';
import { apiErrorMessage } from '../lib/errors';

// What a refused payment tells the buyer (issue 24): SPEC §8's payment error, then what to do.
// A decline is the card's doing, so the buyer is told to try another card, not to wait.

const ADVICE: Record<string, string> = {
  card_declined: 'Your card was declined — try another card.',
  generic_decline: 'Your card was declined — try another card.',
  insufficient_funds: 'Your card has insufficient funds — try another card.',
  expired_card: 'Your card has expired — try another card.',
  lost_card: 'Your card was declined — try another card.',
  stolen_card: 'Your card was declined — try another card.',
};

/** The shape of Stripe.js's `StripeError` this reads (kept structural: no Stripe.js import). */
export interface ProviderRefusal {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** The payment provider (Stripe.js) refused: what a form's `pay` throws for it. */
export class ProviderRefused extends Error {
  constructor(readonly refusal: ProviderRefusal) {
    super(refusal.message ?? 'The payment provider refused the payment.');
  }
}

/**
 * The sentence under SPEC §8's payment error for a failed payment: advice for a decline (the
 * server's 402 code, or Stripe's decline code), Stripe's own words for a card or form problem, the
 * server's message for another request problem, else nothing more (null).
 */
export function refusalAdvice(error: unknown): string | null {
  let code: string | undefined;
  let said: string | null;
  if (error instanceof ApiError) {
    code = error.code;
    said = apiErrorMessage(error, MESSAGES.paymentError);
  } else if (error instanceof ProviderRefused) {
    const { refusal } = error;
    code = refusal.decline_code ?? refusal.code;
    const theirs = refusal.type === 'card_error' || refusal.type === 'validation_error';
    said = theirs && refusal.message ? refusal.message : null;
  } else said = null;
  const advice = (code && ADVICE[code]) ?? said;
  return advice && advice !== MESSAGES.paymentError ? advice : null;
}

/**
 * One shown refusal: a new object for each failed attempt, so a repeated refusal is focused again
 * (the form clears it when the buyer pays again, so it is announced again too).
 */
export interface Refusal {
  advice: string | null;
}

export const refusalOf = (error: unknown): Refusal => ({ advice: refusalAdvice(error) });
