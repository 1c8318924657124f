// The embedded payments driver's card behaviour (DESIGN §1): Stripe's test cards, as Stripe's test
// mode treats them. Pure, so both users of the embedded driver share it: commerce (an order's
// payment) and plans (a saved card and its renewals).
import { digitsOnly } from '../../../shared/card';

/** Stripe's test cards that succeed (https://docs.stripe.com/testing#cards), as digits. */
const SUCCEEDING_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);
export type DeclineCode = 'card_declined' | 'insufficient_funds';
const DECLINES: Record<string, { code: DeclineCode; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  // Stripe's "attaching succeeds, charging fails" card: saved fine, every charge declined.
  '4000000000000341': { code: 'card_declined', message: 'Your card was declined.' },
};
const CHARGE_FAILS = '4000000000000341';

export type LocalCardBehaviour = 'succeeds' | 'declines' | 'insufficient_funds' | 'charge_fails';

/**
 * What the embedded driver does with a (well-formed) card, as Stripe's test mode would: the test
 * cards that succeed, the decline cards with Stripe's code and wording, and any other (real) card
 * declined, because this is not a live payment system. Shared with the plans module, which saves
 * the behaviour with a card for its renewals.
 */
export function localCardOutcome(number: string): {
  behaviour: LocalCardBehaviour;
  decline: { code: DeclineCode; message: string } | null;
} {
  const digits = digitsOnly(number);
  if (SUCCEEDING_CARDS.has(digits)) return { behaviour: 'succeeds', decline: null };
  const decline = DECLINES[digits];
  if (decline) {
    const behaviour =
      digits === CHARGE_FAILS
        ? 'charge_fails'
        : decline.code === 'insufficient_funds'
          ? 'insufficient_funds'
          : 'declines';
    return { behaviour, decline };
  }
  return {
    behaviour: 'declines',
    decline: {
      code: 'card_declined',
      message: 'Your card was declined. This store takes test cards only (4242 4242 4242 4242).',
    },
  };
}
