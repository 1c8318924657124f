import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { ProviderRefused, refusalAdvice } from './payment-refusal';

describe('refusalAdvice', () => {
  it('tells the buyer to try another card on a decline', () => {
    expect(refusalAdvice(new ApiError(402, 'Your card was declined.', 'card_declined'))).toBe(
      'Your card was declined — try another card.',
    );
    expect(
      refusalAdvice(new ApiError(402, 'Your card has insufficient funds.', 'insufficient_funds')),
    ).toBe('Your card has insufficient funds — try another card.');
    expect(
      refusalAdvice(
        new ProviderRefused({ type: 'card_error', code: 'card_declined', message: 'Declined.' }),
      ),
    ).toBe('Your card was declined — try another card.');
  });

  it("keeps the server's or Stripe's words for other request problems", () => {
    expect(
      refusalAdvice(new ApiError(409, 'This plan is already yours.', 'ALREADY_SUBSCRIBED')),
    ).toBe('This plan is already yours.');
    expect(
      refusalAdvice(new ProviderRefused({ type: 'validation_error', message: 'Enter the ZIP.' })),
    ).toBe('Enter the ZIP.');
  });

  it('adds nothing to the general sentence for a server or network failure', () => {
    expect(refusalAdvice(new ApiError(503, 'Service unavailable', 'UNAVAILABLE'))).toBeNull();
    expect(refusalAdvice(new TypeError('Failed to fetch'))).toBeNull();
    expect(refusalAdvice(new ProviderRefused({ type: 'api_error', message: 'Oops' }))).toBeNull();
  });
});
