import { describe, expect, it } from 'vitest';
import { addressProblems, trackingUrl, type StoredAddress } from './commerce-rules';

const us: StoredAddress = {
  name: 'Sam',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '',
};

describe('addresses by country', () => {
  it('accepts a complete address', () => {
    expect(addressProblems(us)).toEqual([]);
    expect(addressProblems({ ...us, country: 'GB', region: '', postalCode: 'SW1A 1AA' })).toEqual(
      [],
    );
    // Hong Kong has no postal codes in common use.
    expect(addressProblems({ ...us, country: 'HK', region: '', postalCode: '' })).toEqual([]);
  });

  it('requires what the country needs, by the field', () => {
    expect(addressProblems({ ...us, region: '' })).toEqual([
      { field: 'region', message: 'Enter the state.' },
    ]);
    expect(addressProblems({ ...us, country: 'CA', region: '', postalCode: 'K1A 0B1' })).toEqual([
      { field: 'region', message: 'Enter the province.' },
    ]);
    expect(addressProblems({ ...us, postalCode: '1234' })).toEqual([
      { field: 'postalCode', message: 'This is not a valid postal code for United States.' },
    ]);
    expect(addressProblems({ ...us, country: 'DE', region: '', postalCode: '' })).toEqual([
      { field: 'postalCode', message: 'Enter the postal code.' },
    ]);
    expect(addressProblems({ ...us, name: ' ', line1: '', city: '' }).map((p) => p.field)).toEqual([
      'name',
      'line1',
      'city',
    ]);
    expect(addressProblems({ ...us, country: 'XX' })).toEqual([
      { field: 'country', message: 'Choose a country.' },
    ]);
  });
});

describe('tracking links', () => {
  it('links known carriers, escaping the number, and nothing for others', () => {
    expect(trackingUrl('ups', '1Z 999')).toBe('https://www.ups.com/track?tracknum=1Z%20999');
    expect(trackingUrl('other', '123')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
    expect(trackingUrl('usps', null)).toBeNull();
  });
});
