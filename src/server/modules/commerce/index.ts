// The commerce module's public surface: addresses, orders split into one transaction per seller,
// payments through the payments adapter (embedded driver or Stripe), sales and shipping, payouts
// released on shipment, refunds, feedback and sellers' payout onboarding (docs/decisions/026).
// It writes only its own tables (db/schema/commerce.ts); stock goes through the catalog module.
import type { JobDefinition } from '../core';
import { autoCancelJob } from './lifecycle';
import { checkoutReminderJob } from './checkout-reminder';
import { expireOrderJob } from './lifecycle-jobs';
import { commerceMailJob } from './mail';
import { payoutJob } from './payouts';
import { refundJob } from './refunds';
import { returnMailJob } from './returns-mail';
import { returnRefundJob } from './returns-refund';
import { stripeEventJob } from './stripe-events';

export { paymentsOf, localPayments, confirmLocalIntent, declineError } from './payments';
export {
  autoCancelJob,
  cancelTransaction,
  markOrderPaid,
  orderNotFound,
  recordPaymentFailure,
  saleNotFound,
  scheduleAutoCancel,
  settleOrderStatus,
} from './lifecycle';
export { expireOrderJob } from './lifecycle-jobs';
export {
  checkoutReminderJob,
  REMINDER_CART_LINK_TTL_MS,
  REMINDER_DELAY_MS,
} from './checkout-reminder';
export { refundJob } from './refunds';
export { payoutJob, queuePayout, readySellerAccount, releaseHeldPayouts } from './payouts';
export { commerceMailJob, queueCommerceMail, type CommerceMail } from './mail';
export { receiveStripeWebhook, stripeEventJob, type QueuedStripeEvent } from './stripe-events';
export { addressNotFound, placeOrder, type PlaceOrderInput } from './place-order';
export { placeOrderOnce } from './place-order-once';
export { createAddress, deleteAddress, listAddresses } from './addresses';
export { refreshCart } from './cart-refresh';
export { confirmLocalPayment, startPayment } from './pay';
export { cancelOwnOrder } from './unpaid-orders';
export { ordersWithParts, toAddress, transactionsWithParts } from './rows';
export { leaveFeedback, listFeedbacks, type FeedbackInput, type FeedbackQuery } from './feedback';
export { completeLocalOnboarding, onboardingLink, onboardingStatus } from './onboarding';
export { readOrders, readSales, type Reader } from './read-orders';
export { cancelSale, markShipped, type ShipInput } from './ship';
export { salesSummary } from './earnings';
export { listPayouts } from './payout-list';
export { payoutsCsv, salesCsv, type CsvFile } from './earnings-csv';

/** Every background job of the module. */
export const commerceJobs: readonly JobDefinition[] = [
  expireOrderJob,
  checkoutReminderJob,
  autoCancelJob,
  refundJob,
  payoutJob,
  commerceMailJob,
  stripeEventJob,
  returnRefundJob,
  returnMailJob,
];
export { CART_LINK_TTL_MS, makeCartLink, openCartLink } from './cart-link';
export { deleteDiscount, listDiscounts, saveDiscount } from './discounts';
export { previewDiscount } from './discount-preview';
export { acceptReturn, declineReturn, decideReturn, escalateReturn } from './returns';
export { openReturn, type OpenReturnInput } from './returns-open';
export { escalatedReturns, readReturns } from './returns-read';
export { addReturnTracking, confirmReturnReceived } from './returns-shipping';
export { returnRefundJob } from './returns-refund';
