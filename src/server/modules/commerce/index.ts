// The commerce module's public surface: addresses, orders split into one transaction per seller,
// payments through the payments adapter (embedded driver or Stripe), sales and shipping, payouts
// released on shipment, refunds, feedback and sellers' payout onboarding (docs/decisions/026).
// It writes only its own tables (db/schema/commerce.ts); stock goes through the catalog module.
import type { JobHandlers } from '../core';
import { lifecycleJobs } from './lifecycle-jobs';
import { commerceMailJobs } from './mail';
import { payoutJobs } from './payouts';
import { stripeEventJobs } from './stripe-events';

export {
  paymentsOf,
  localPayments,
  confirmLocalIntent,
  declineError,
} from './payments';
export {
  AUTO_CANCEL_JOB,
  EXPIRE_ORDER_JOB,
  REFUND_JOB,
  cancelTransaction,
  markOrderPaid,
  orderNotFound,
  recordPaymentFailure,
  saleNotFound,
  settleOrderStatus,
} from './lifecycle';
export { PAYOUT_JOB, queuePayout, readySellerAccount, releaseHeldPayouts } from './payouts';
export { COMMERCE_MAIL_JOB, queueCommerceMail, type CommerceMail } from './mail';
export { STRIPE_EVENT_JOB, receiveStripeWebhook } from './stripe-events';
export { addressNotFound, placeOrder, type PlaceOrderInput } from './place-order';
export { createAddress, deleteAddress, listAddresses } from './addresses';
export { refreshCart } from './cart-refresh';
export { confirmLocalPayment, startPayment } from './pay';
export { ordersWithParts, toAddress, transactionsWithParts } from './rows';
export { leaveFeedback, listFeedbacks, type FeedbackInput, type FeedbackQuery } from './feedback';
export { completeLocalOnboarding, onboardingLink, onboardingStatus } from './onboarding';
export { readOrders, readSales, type Reader } from './read-orders';
export { cancelSale, markShipped, type ShipInput } from './ship';

/** Every background job of the module, by name. */
export const commerceJobs: JobHandlers = {
  ...lifecycleJobs,
  ...payoutJobs,
  ...commerceMailJobs,
  ...stripeEventJobs,
};
