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
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
