import { describe, expect, it } from 'vitest';
import { cardBrand, cardProblems, formatCardNumber, luhnValid } from './card';

const now = new Date('2026-11-24T12:00:00Z');
const card = (over: Partial<Parameters<typeof cardProblems>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

describe('card checks', () => {
  it('knows the Luhn checksum of the test cards and refuses a changed digit', () => {
    for (const n of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '378282246310005',
      '5555555555554444',
    ])
      expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('formats as typed: groups of four, Amex 4-6-5, at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-4242 x4242')).toBe('4242 4242 4242');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('names the field of each problem', () => {
    expect(cardProblems(card(), now)).toEqual([]);
    expect(cardProblems(card({ number: '' }), now)).toEqual([
      { field: 'number', message: 'Enter the card number.' },
    ]);
    expect(cardProblems(card({ number: '4242424242424241' }), now)[0]?.field).toBe('number');
    // The expiry is the end of its month: November 2026 is still good on the 24th.
    expect(cardProblems(card({ expMonth: 11, expYear: 26 }), now)).toEqual([]);
    expect(cardProblems(card({ expMonth: 10, expYear: 2026 }), now)).toEqual([
      { field: 'expiry', message: "Your card's expiration date is in the past." },
    ]);
    expect(cardProblems(card({ expMonth: 13 }), now)[0]?.field).toBe('expiry');
    expect(cardProblems(card({ cvc: '12' }), now)).toEqual([
      { field: 'cvc', message: "Your card's security code is 3 digits." },
    ]);
    expect(cardProblems(card({ number: '378282246310005', cvc: '123' }), now)[0]?.message).toMatch(
      /4 digits/,
    );
  });
});
