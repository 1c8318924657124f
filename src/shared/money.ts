// Conversions between major units (19.99, as on the wire) and integer minor units
// (1999, as in the database). Binary floats cannot hold most decimal fractions
// exactly — 1.005 is stored as 1.00499999999999989… — so `Math.round(x * 100)` gives
// 100 instead of 101. We round on the number's shortest decimal representation
// (what `String(x)` prints, i.e. what the user typed) instead.

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * Converts an amount in major units to integer minor units (cents), rounding half
 * away from zero at the third decimal (1.005 → 101, -1.005 → -101).
 * Throws RangeError for non-finite input or results beyond the safe-integer range.
 */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not a finite amount: ${major}`);
  const negative = major < 0;
  const match = DECIMAL.exec(String(Math.abs(major)));
  if (!match) throw new RangeError(`Unparseable amount: ${major}`);
  const [, intPart = '', fracPart = '', expPart] = match;
  const digits = intPart + fracPart;
  // Position of the decimal point inside `digits`, shifted by the exponent (1e-7, 1e21).
  const point = intPart.length + Number(expPart ?? 0);
  // Keep the digits up to two places after the point; the next one decides rounding.
  const keep = point + 2;
  let minor: number;
  if (keep <= 0) {
    // Everything is below a hundredth of a unit; the digit after the cut is 0 unless keep === 0.
    minor = keep === 0 && Number(digits[0]) >= 5 ? 1 : 0;
  } else {
    const kept = digits.length >= keep ? digits.slice(0, keep) : digits.padEnd(keep, '0');
    const next = Number(digits[keep] ?? '0');
    minor = Number(kept) + (next >= 5 ? 1 : 0);
  }
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${major}`);
  // `|| 0` turns -0 into 0 so callers never see a negative zero.
  return (negative ? -minor : minor) || 0;
}

/** Converts integer minor units to major units (101 → 1.01). */
export function toMajor(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer minor amount: ${minor}`);
  // Division of a safe integer by 100 yields the double nearest the exact decimal.
  return minor / 100 || 0;
}
