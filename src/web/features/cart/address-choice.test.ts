import { describe, expect, it } from 'vitest';
import { preselectedShippingId } from './address-choice';
import { addressFixture } from './address.fixtures';

const address = addressFixture;

const older = address('older', '2026-01-01T00:00:00.000Z');
const newer = address('newer', '2026-03-01T00:00:00.000Z');

describe('preselectedShippingId', () => {
  it('selects nothing in an empty book', () => {
    expect(preselectedShippingId([], null)).toBeNull();
    expect(preselectedShippingId([], 'gone')).toBeNull();
  });

  it('selects the only address', () => {
    expect(preselectedShippingId([older], null)).toBe('older');
  });

  it('keeps the last chosen address while it is in the book', () => {
    expect(preselectedShippingId([newer, older], 'older')).toBe('older');
  });

  it('falls back to the newest address, whatever the order of the book', () => {
    expect(preselectedShippingId([older, newer], null)).toBe('newer');
    expect(preselectedShippingId([newer, older], 'deleted')).toBe('newer');
  });
});
