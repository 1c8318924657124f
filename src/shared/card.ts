// Card-number checks shared by the embedded card form (errors by the field as the buyer types)
// and the embedded payment driver (which refuses the same inputs). No zod: it ships to the browser.

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(number: string): CardBrand {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^6(011|5)/.test(d)) return 'discover';
  return 'unknown';
}

/** "4242424242424242" → "4242 4242 4242 4242" (Amex: 4-6-5). */
export function formatCardNumber(value: string): string {
  const d = digitsOnly(value).slice(0, 19);
  if (cardBrand(d) === 'amex') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.replace(/(.{4})/g, '$1 ').trim();
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

/** Field-level problems of a card, checked at `now` (expiry is the end of the month). */
export function cardProblems(card: CardInput, now: Date): { field: CardField; message: string }[] {
  const out: { field: CardField; message: string }[] = [];
  const digits = digitsOnly(card.number);
  if (!digits) out.push({ field: 'number', message: 'Enter the card number.' });
  else if (!luhnValid(digits))
    out.push({ field: 'number', message: 'Your card number is invalid.' });
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    !Number.isInteger(year)
  ) {
    out.push({ field: 'expiry', message: "Your card's expiration date is incomplete." });
  } else if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  ) {
    out.push({ field: 'expiry', message: "Your card's expiration date is in the past." });
  } else if (year > now.getUTCFullYear() + 20) {
    out.push({ field: 'expiry', message: "Your card's expiration year is invalid." });
  }
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    out.push({ field: 'cvc', message: `Your card's security code is ${cvcLength} digits.` });
  }
  return out;
}
