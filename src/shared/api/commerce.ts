import { z } from 'zod';
import { cartLinkQuery, cartLinkRequest, cartLinkResponse } from '../contracts/cart-link';
import {
  addressCreateRequest,
  addressIdQuery,
  addressListResponse,
  addressResponse,
  cancelOrderRequest,
  cancelSaleRequest,
  cartRefreshRequest,
  cartRefreshResponse,
  feedbackListResponse,
  feedbackQuery,
  feedbackRequest,
  feedbackResponse,
  localConfirmRequest,
  localConfirmResponse,
  localOnboardingRequest,
  localOnboardingResponse,
  onboardingLinkQuery,
  onboardingLinkResponse,
  onboardingStatusQuery,
  onboardingStatusResponse,
  orderCreateRequest,
  orderListResponse,
  orderQuery,
  orderResponse,
  paymentIntentRequest,
  paymentIntentResponse,
  shipRequest,
  transactionListResponse,
  transactionQuery,
  transactionResponse,
} from '../contracts/commerce';
import { endpoint } from './endpoint';

/**
 * SPEC §7 "Cart and payments", "Orders, transactions, feedback" and the onboarding calls of "Auth
 * and users" (docs/decisions/026): checkout, payments through the payments adapter, sales,
 * shipping, payouts and feedback.
 */
export const commerceApi = {
  // ---- cart and addresses ----
  refreshCart: endpoint({
    method: 'POST',
    path: '/cart/refresh',
    summary:
      "The cart's lines as they are now: current price, shipping, stock and availability, with what changed",
    tags: ['cart'],
    body: cartRefreshRequest,
    response: cartRefreshResponse,
  }),
  makeCartLink: endpoint({
    method: 'POST',
    path: '/cart/link',
    summary:
      "A signed, 30-minute link to the marketplace's checkout carrying these lines (a seller domain's cart: docs/decisions/050)",
    tags: ['cart'],
    body: cartLinkRequest,
    response: cartLinkResponse,
  }),
  openCartLink: endpoint({
    method: 'GET',
    path: '/cart/link',
    summary: "A cart link's lines as they can be bought now (refused when altered or expired)",
    tags: ['cart'],
    query: cartLinkQuery,
    response: cartRefreshResponse,
  }),
  addresses: endpoint({
    method: 'GET',
    path: '/addresses',
    summary: 'My saved addresses, newest first',
    tags: ['cart'],
    response: addressListResponse,
  }),
  createAddress: endpoint({
    method: 'POST',
    path: '/addresses',
    summary: 'Save an address (form data: token and address as a JSON string; or JSON)',
    tags: ['cart'],
    body: addressCreateRequest,
    multipart: true,
    status: 201,
    response: addressResponse,
  }),
  deleteAddress: endpoint({
    method: 'DELETE',
    path: '/addresses',
    summary: 'Remove one of my saved addresses (orders keep their copy)',
    tags: ['cart'],
    query: addressIdQuery,
    response: z.object({ _id: z.string() }),
  }),

  // ---- orders and payments ----
  createOrder: endpoint({
    method: 'POST',
    path: '/orders',
    summary:
      'Place an order: prices, shipping and tax from the database, stock reserved, one transaction per seller; unpaid orders release their stock after 30 minutes',
    tags: ['orders'],
    body: orderCreateRequest,
    status: 201,
    response: orderResponse,
  }),
  orders: endpoint({
    method: 'GET',
    path: '/orders',
    summary: 'My purchases (?userId=, newest first; sort 1 or -1) or one of them (?id=)',
    tags: ['orders'],
    query: orderQuery,
    response: orderListResponse,
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/orders/cancel',
    summary:
      'Cancel one of my unpaid orders: its items go back on sale at once (a paid order is refused: 409)',
    tags: ['orders'],
    body: cancelOrderRequest,
    response: orderResponse,
  }),
  createPaymentIntent: endpoint({
    method: 'POST',
    path: '/payment-intent',
    summary: 'Start (or resume) paying an unpaid order of mine',
    tags: ['payments'],
    body: paymentIntentRequest,
    response: paymentIntentResponse,
  }),
  confirmLocalPayment: endpoint({
    method: 'POST',
    path: '/payments/local/confirm',
    summary:
      "The embedded payment driver's card form: Stripe's test cards (4242… succeeds, 4000 0000 0000 0002 declined, …9995 insufficient funds); 402 on a decline",
    tags: ['payments'],
    body: localConfirmRequest,
    response: localConfirmResponse,
  }),

  // ---- sales ----
  transactions: endpoint({
    method: 'GET',
    path: '/transactions',
    summary: 'My sales (?userId=, newest first; sort 1 or -1) or one of them (?id=)',
    tags: ['sales'],
    query: transactionQuery,
    response: transactionListResponse,
  }),
  markShipped: endpoint({
    method: 'PUT',
    path: '/transactions',
    summary:
      'Mark one of my paid sales shipped with a carrier and tracking number (irreversible: a second attempt is 409); releases the payout',
    tags: ['sales'],
    body: shipRequest,
    response: transactionResponse,
  }),
  cancelSale: endpoint({
    method: 'POST',
    path: '/transactions/cancel',
    summary:
      'Cancel one of my unshipped sales: the buyer is refunded its part and the stock returns',
    tags: ['sales'],
    body: cancelSaleRequest,
    response: transactionResponse,
  }),

  // ---- feedback ----
  leaveFeedback: endpoint({
    method: 'POST',
    path: '/products/feedback',
    summary:
      'Rate the other side of a shipped sale: type order (the buyer rates the seller) or transaction (the seller rates the buyer); once each',
    tags: ['feedback'],
    body: feedbackRequest,
    status: 201,
    response: feedbackResponse,
  }),
  feedbacks: endpoint({
    method: 'GET',
    path: '/feedbacks',
    summary:
      'Feedback a member received (?userId=&type=order: as a seller; transaction: as a buyer), on a post (?productId=), written by a member (?authorId=) or on one order (?orderId=), with the average rating',
    tags: ['feedback'],
    query: feedbackQuery,
    response: feedbackListResponse,
  }),

  // ---- seller onboarding ----
  onboardingLink: endpoint({
    method: 'GET',
    path: '/users/stripe-onboarding-link',
    summary:
      'A link to set up (or update) my payout account with the payment provider; creates the account on first use',
    tags: ['payouts'],
    query: onboardingLinkQuery,
    response: onboardingLinkResponse,
  }),
  onboardingStatus: endpoint({
    method: 'GET',
    path: '/users/stripe-onboarding-status',
    summary: 'Whether my payout account is set up (details_submitted) and what is held until it is',
    tags: ['payouts'],
    query: onboardingStatusQuery,
    response: onboardingStatusResponse,
  }),
  localOnboarding: endpoint({
    method: 'POST',
    path: '/payments/local/onboarding',
    summary:
      "The embedded payment driver's payout form: records who is paid (only the last four digits are kept)",
    tags: ['payouts'],
    body: localOnboardingRequest,
    response: localOnboardingResponse,
  }),
};
