import { describe, expect, it } from 'vitest';
import { cardFromForm, formatExpiry } from './LocalCardForm';

describe('the card form’s values', () => {
  it('formats the expiry as MM / YY while it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12 / 2');
    expect(formatExpiry('12 / 289')).toBe('12 / 28');
    expect(formatExpiry('ab')).toBe('');
  });

  it('reads the card the server takes; an incomplete date is not a number', () => {
    expect(cardFromForm('4242 4242 4242 4242', '12 / 34', '123')).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    const partial = cardFromForm('4242', '1', '');
    expect(partial.expMonth).toBeNaN();
    expect(partial.expYear).toBeNaN();
  });
});
