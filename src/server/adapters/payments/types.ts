// The payments adapter (DESIGN §1): one interface, two drivers. The embedded default keeps its
// payment intents in the database (modules/commerce/local-payments.ts, it needs the module's
// transaction); the Stripe driver (./stripe.ts) talks to Stripe when STRIPE_SECRET_KEY is set.
// Amounts are integer minor units; every call that moves money carries an idempotency key, so a
// retried job or a replayed webhook can never charge, pay out or refund twice.

export type PaymentProvider = 'local' | 'stripe';

export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  /** Stripe's statuses: requires_payment_method, requires_action, processing, succeeded, canceled… */
  status: string;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
  /** The charge that paid it (Stripe: latest_charge), for transfers' source_transaction. */
  chargeId: string | null;
  /**
   * Why the latest attempt failed (Stripe: last_payment_error.message), read from the provider
   * when a failure event is handled, so events arriving out of order still leave the latest one.
   */
  lastPaymentError?: string | null;
}

export interface AccountInfo {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export interface PaymentsDriver {
  readonly provider: PaymentProvider;
  /** Publishable key for the browser (Stripe), null for the embedded driver. */
  readonly publishableKey: string | null;
  createPaymentIntent(input: {
    amountMinor: number;
    currency: string;
    /** Links the buyer's payment to the sellers' transfers (Stripe Connect `transfer_group`). */
    transferGroup: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo>;
  /** Cancels an unpaid intent (an order expired); a succeeded one is returned unchanged. */
  cancelPaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  /** Moves a seller's share to their connected account. */
  createTransfer(input: {
    amountMinor: number;
    currency: string;
    destination: string;
    transferGroup: string;
    sourceTransaction: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Refunds part (or all) of a payment to the buyer. */
  createRefund(input: {
    paymentIntentId: string;
    amountMinor: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * Takes (part of) a transfer back from the seller's connected account to the platform (Stripe:
   * POST /v1/transfers/{id}/reversals): a refund after the seller was paid (ADR 074).
   */
  createTransferReversal(input: {
    transferId: string;
    amountMinor: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** A payout account for a seller. */
  createAccount(input: {
    email: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Where the seller finishes (or updates) their payout setup. */
  createAccountLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
    type: 'account_onboarding' | 'account_update';
  }): Promise<{ url: string }>;
  retrieveAccount(id: string): Promise<AccountInfo>;
}

/** A failure of the provider (network, 5xx, rejected request) — retried by jobs, 503 to callers. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /**
     * What the provider said, when it refused: its error code (`card_declined`,
     * `resource_missing`…) and whether it is about the card (Stripe's `card_error`), so a caller
     * can answer 402 with the bank's words instead of 503.
     */
    readonly refusal: { code: string | null; cardError: boolean; said: string } | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export const isPaymentProviderError = (err: unknown): err is PaymentProviderError =>
  err instanceof PaymentProviderError;

// Billing (docs/decisions/033): plan subscriptions on the provider's side, Stripe only (the
// embedded driver renews with its own job, modules/plans). Stripe's Subscription Schedule starts the
// subscription now and lets it renew; webhooks report each invoice.

export type BillingInterval = 'month' | 'year';

export interface BillingInvoiceInfo {
  id: string;
  /** draft, open, paid, void, uncollectible */
  status: string;
  /** subscription_create (the first), subscription_cycle (a renewal), … */
  billingReason: string | null;
  subscriptionId: string | null;
  amountPaidMinor: number;
  amountDueMinor: number;
  currency: string;
  /** The period the invoice pays for (its subscription line's period). */
  periodStart: Date;
  periodEnd: Date;
  /** The payment Stripe made for it, and the secret the browser confirms it with (3-D Secure). */
  paymentIntentId: string | null;
  clientSecret: string | null;
}

export interface BillingSubscriptionInfo {
  id: string;
  /** incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused */
  status: string;
  customerId: string;
  /** The schedule driving it (null once the schedule released it or for a plain subscription). */
  scheduleId: string | null;
  cancelAtPeriodEnd: boolean;
  /** Why it was cancelled (Stripe's cancellation_details.reason: payment_failed, …), else null. */
  cancellationReason: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
  /** Present when it was read with its latest invoice (creation, read-backs). */
  latestInvoice: BillingInvoiceInfo | null;
}

export interface BillingScheduleInfo {
  id: string;
  /** not_started, active, completed, released, canceled */
  status: string;
  /** release: the subscription renews on after the phase; cancel: it ends with the phase. */
  endBehavior: string;
  customerId: string;
  /** Its subscription, or the one it released. */
  subscriptionId: string | null;
  metadata: Record<string, string>;
  /** With the subscription read along (creation and read-backs ask for it). */
  subscription: BillingSubscriptionInfo | null;
}

export interface BillingPayment {
  invoice: BillingInvoiceInfo;
  /** requires_action: the card holder must confirm it (the invoice's clientSecret, Stripe.js). */
  outcome: 'paid' | 'requires_action' | 'declined' | 'processing';
  /** For a decline: the bank's code (card_declined, insufficient_funds…) and Stripe's sentence. */
  decline: { code: string; message: string } | null;
}

export interface BillingDriver {
  /** A customer for the member (key: `customer:{userId}:{n}`). */
  createCustomer(input: {
    email: string;
    name: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Attaches the card Stripe.js made to the customer and makes it the default for invoices. */
  attachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void>;
  /**
   * The recurring price of a plan and interval, found by its lookup key; created (with the
   * plan's product) when missing, or moved to a new price when the amount or currency changed.
   */
  ensurePrice(input: {
    planId: string;
    planName: string;
    interval: BillingInterval;
    amountMinor: number;
    currency: string;
  }): Promise<{ id: string }>;
  /** Starts a schedule now: one phase of one interval, then the subscription renews on. */
  createSchedule(input: {
    customerId: string;
    priceId: string;
    paymentMethodId: string;
    interval: BillingInterval;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<BillingScheduleInfo>;
  retrieveSchedule(id: string): Promise<BillingScheduleInfo>;
  retrieveSubscription(id: string): Promise<BillingSubscriptionInfo>;
  retrieveInvoice(id: string): Promise<BillingInvoiceInfo>;
  /**
   * Charges an invoice now with the customer's default card (a schedule's first invoice starts as
   * a draft, which Stripe would only finalize and charge about an hour later), then reads it back.
   * A decline or a card check (3-D Secure) is an outcome, not an error.
   */
  payInvoice(id: string): Promise<BillingPayment>;
  /**
   * The subscription stops renewing (`true`) at the end of the period already paid, or carries on
   * again (`false`): the schedule's end behaviour while it runs, the subscription's
   * `cancel_at_period_end` once the schedule has released it.
   */
  setEndsAtPeriodEnd(input: {
    scheduleId: string;
    subscriptionId: string | null;
    ends: boolean;
  }): Promise<void>;
  /** Ends it now without another charge (a payment failed, or the member's account closed). */
  cancelNow(input: { scheduleId: string; subscriptionId: string | null }): Promise<void>;
}
