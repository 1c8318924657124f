import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { call, idOf } from './stripe-call';
import { createStripeBilling } from './stripe-billing';
import {
  type AccountInfo,
  type BillingDriver,
  type PaymentIntentInfo,
  type PaymentsDriver,
} from './types';

// The Stripe driver of the payments adapter (docs/decisions/029): one PaymentIntent for the
// buyer's whole order on the platform account, then one Transfer per seller to their connected
// account when they ship (separate charges and transfers, linked by `transfer_group` and the
// charge as `source_transaction`). Every POST carries an idempotency key, so a retried job, a
// lost answer or a replayed webhook never moves money twice.

export interface StripeDriverOptions {
  secretKey: string;
  publishableKey: string;
  /** Where the API answers (Stripe's own unless set: tests aim it at a local stand-in). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Network retries inside one call; the SDK resends the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

export interface StripeDriver extends PaymentsDriver {
  readonly provider: 'stripe';
  /** The event of a webhook delivery, once its Stripe-Signature matches the raw body (else throws). */
  verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event;
  /** Plan subscriptions (Subscription Schedules), docs/decisions/033. */
  readonly billing: BillingDriver;
}

/**
 * How sellers' connected accounts are set up, with controller properties rather than a legacy
 * account type (Stripe's recommendation for Accounts v1 platforms): the platform makes the charges,
 * so it pays Stripe's fees and carries refunds and disputes (`application`); Stripe collects the
 * sellers' details in its hosted onboarding; sellers see their payouts in the Express Dashboard.
 */
export const SELLER_ACCOUNT_CONTROLLER = {
  fees: { payer: 'application' },
  losses: { payments: 'application' },
  requirement_collection: 'stripe',
  stripe_dashboard: { type: 'express' },
} as const satisfies Stripe.AccountCreateParams.Controller;

function toInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountMinor: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    chargeId: idOf(intent.latest_charge),
    lastPaymentError: intent.last_payment_error?.message ?? null,
  };
}

const toAccount = (account: Stripe.Account): AccountInfo => ({
  id: account.id,
  detailsSubmitted: account.details_submitted ?? false,
  payoutsEnabled: account.payouts_enabled ?? false,
});

/** A webhook delivery's event, once its Stripe-Signature header matches the raw body. */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string,
  secret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export function createStripeDriver(options: StripeDriverOptions): StripeDriver {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  return {
    provider: 'stripe',
    publishableKey: options.publishableKey,

    createPaymentIntent: (input) =>
      call('start the payment', async () =>
        toInfo(
          await stripe.paymentIntents.create(
            {
              amount: input.amountMinor,
              currency: input.currency.toLowerCase(),
              transfer_group: input.transferGroup,
              metadata: input.metadata,
              automatic_payment_methods: { enabled: true },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    retrievePaymentIntent: (id) =>
      call('read the payment', async () => toInfo(await stripe.paymentIntents.retrieve(id))),

    cancelPaymentIntent: (id, idempotencyKey) =>
      call('cancel the payment', async () => {
        try {
          return toInfo(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey }));
        } catch (err) {
          // Already succeeded (or cancelled): Stripe refuses; the interface answers it unchanged.
          if (
            err instanceof Stripe.errors.StripeInvalidRequestError &&
            err.code === 'payment_intent_unexpected_state'
          ) {
            const intent = toInfo(await stripe.paymentIntents.retrieve(id));
            if (intent.status === 'succeeded' || intent.status === 'canceled') return intent;
          }
          throw err;
        }
      }),

    createTransfer: (input) =>
      call('pay out to the seller', async () => {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            destination: input.destination,
            transfer_group: input.transferGroup,
            ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: transfer.id };
      }),

    createRefund: (input) =>
      call('refund the payment', async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountMinor,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id };
      }),

    createTransferReversal: (input) =>
      call('take back the seller’s payout', async () => {
        const reversal = await stripe.transfers.createReversal(
          input.transferId,
          { amount: input.amountMinor, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: reversal.id };
      }),

    createAccount: (input) =>
      call('create the payout account', async () => {
        const account = await stripe.accounts.create(
          {
            email: input.email,
            metadata: input.metadata,
            controller: SELLER_ACCOUNT_CONTROLLER,
            capabilities: { transfers: { requested: true } },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: account.id };
      }),

    createAccountLink: (input) =>
      call('start the payout setup', async () => {
        // A link is single-use and short-lived, so each request wants a new one: the key is fresh
        // per call and only makes the SDK's own network retries of this call safe.
        const link = await stripe.accountLinks.create(
          {
            account: input.accountId,
            refresh_url: input.refreshUrl,
            return_url: input.returnUrl,
            type: input.type,
          },
          { idempotencyKey: `account-link:${input.accountId}:${randomUUID()}` },
        );
        return { url: link.url };
      }),

    retrieveAccount: (id) =>
      call('read the payout account', async () => toAccount(await stripe.accounts.retrieve(id))),

    verifyWebhook: verifyStripeWebhook,
    billing: createStripeBilling(stripe),
  };
}

/** Whether a payments driver is this one (it can verify webhooks). */
export const isStripeDriver = (driver: PaymentsDriver | null | undefined): driver is StripeDriver =>
  driver?.provider === 'stripe' && 'verifyWebhook' in driver;
