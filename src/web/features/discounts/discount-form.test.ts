import { describe, expect, it } from 'vitest';
import { discountInput } from '../../../shared/contracts/discounts';
import { discountFromForm, offText, utcField, windowText } from './discount-form';

const form = (fields: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
};

describe('the /discounts form', () => {
  it('reads a full form into a body the contract accepts (dates typed in UTC)', () => {
    const body = discountFromForm(
      form([
        ['code', ' Spring25 '],
        ['kind', 'amount'],
        ['value', '5.5'],
        ['scope', 'posts'],
        ['postIds', '7b0f8a4e-3c1d-4e5f-9a8b-1c2d3e4f5a6b'],
        ['minOrder', '20'],
        ['startsAt', '2026-12-01T08:30'],
        ['endsAt', ''],
        ['maxUses', '10'],
        ['maxUsesPerBuyer', ''],
        ['active', 'on'],
      ]),
    );
    expect(body).toEqual({
      code: 'Spring25',
      kind: 'amount',
      value: 5.5,
      scope: 'posts',
      postIds: ['7b0f8a4e-3c1d-4e5f-9a8b-1c2d3e4f5a6b'],
      minOrder: 20,
      startsAt: '2026-12-01T08:30:00Z',
      endsAt: null,
      maxUses: 10,
      maxUsesPerBuyer: null,
      active: true,
    });
    expect(discountInput.safeParse(body).success).toBe(true);
  });

  it('leaves posts out for the whole shop, and an unticked box turns the code off', () => {
    const body = discountFromForm(
      form([
        ['id', 'abc'],
        ['code', 'X10'],
        ['kind', 'percent'],
        ['value', '10'],
        ['scope', 'shop'],
        ['postIds', 'ignored'],
      ]),
    );
    expect(body).toMatchObject({ _id: 'abc', postIds: [], active: false, minOrder: 0 });
  });

  it('words a code for the list', () => {
    expect(offText({ kind: 'percent', value: 10 }, 'USD')).toBe('10 % off');
    expect(offText({ kind: 'amount', value: 5 }, 'USD')).toBe('$5.00 off');
    expect(utcField('2026-12-01T08:30:00.000Z')).toBe('2026-12-01T08:30');
    expect(windowText({ startsAt: null, endsAt: null })).toBe('No end date');
    expect(windowText({ startsAt: null, endsAt: '2026-12-01T08:30:00.000Z' })).toBe(
      'until Dec 1, 2026, 8:30 AM UTC',
    );
  });
});
