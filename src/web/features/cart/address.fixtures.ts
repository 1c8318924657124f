import type { AddressRecord } from '../../../shared/contracts/commerce';

/** A saved address of the address book, for the cart's tests (`createdAt` orders them). */
export const addressFixture = (
  id: string,
  createdAt = '2026-01-01T00:00:00.000Z',
): AddressRecord => ({
  _id: id,
  name: 'Ada',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '',
  createdAt,
});
