// Stripe's test cards (the embedded payment driver answers them as Stripe's test mode does) and a
// buyer's address: shared by the API tests, the end-to-end specs and the fault drill (bench/soak).
// Nothing here imports the app, so any of them may use it.

export const VISA = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};
export const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
export const NO_FUNDS = { ...VISA, number: '4000 0000 0000 9995' };

export const BUYER_ADDRESS = {
  name: 'Robin Buyer',
  line1: '12 Harbour Road',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
};
