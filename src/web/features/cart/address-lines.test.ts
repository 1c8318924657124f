import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';

describe('addressLines', () => {
  it('writes an address as on a parcel, leaving out empty parts', () => {
    expect(
      addressLines({
        name: 'Ada Buyer',
        line1: '1 Main St',
        line2: '',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
        phone: '',
      }),
    ).toEqual(['Ada Buyer', '1 Main St', 'Springfield, IL 62701', 'United States']);
    expect(
      addressLines({
        name: 'Kai',
        line1: '2 Queen’s Rd',
        line2: 'Flat 3',
        city: 'Hong Kong',
        region: '',
        postalCode: '',
        country: 'HK',
        phone: '+852 1234',
      }),
    ).toEqual(['Kai', '2 Queen’s Rd', 'Flat 3', 'Hong Kong', 'Hong Kong', '+852 1234']);
  });
});
