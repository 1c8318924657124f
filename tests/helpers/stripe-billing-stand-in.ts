import { randomBytes } from 'node:crypto';

/**
 * The billing half of the local Stripe stand-in (tests/helpers/stripe-stand-in.ts routes to it):
 * customers, payment methods, products, prices by lookup key, subscription schedules, their
 * subscriptions and invoices, with the invoices' payment intents kept in the stand-in's intents
 * (so `retrievePaymentIntent` reads them). Like Stripe, a schedule's first invoice starts as a
 * draft; finalizing and paying it charges the card by its test behaviour. Tests play Stripe's
 * clock with `periodEnds` (renew, or end a subscription set to stop) and the card holder with
 * `completeAction` (3-D Secure).
 */

import { billingRoute } from './stripe-billing-routes';

export type Json = Record<string, unknown>;
export type Answer = { status: number; body: unknown };

export type CardBehaviour = 'succeeds' | 'declines' | 'insufficient_funds' | 'requires_action';

export interface BillingContext {
  intents: Map<string, Json>;
  newId(prefix: string): string;
  now(): number;
  error(status: number, type: string, code: string, message: string): Answer;
  missing(kind: string, id: string): Answer;
}

export interface BillingStandIn {
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  products: Map<string, Json>;
  schedules: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** A card as Stripe.js would create it in the browser (pm_…), with its test behaviour. */
  paymentMethod(behaviour?: CardBehaviour): string;
  /** The card holder passed (or failed) the 3-D Secure check of an invoice's payment. */
  completeAction(invoiceId: string, succeeds?: boolean): Json;
  /**
   * The subscription's period is over: it ends if it was set to stop, else it renews with a new
   * invoice charged to its card (`cardFails` makes that charge fail). Returns that invoice.
   */
  periodEnds(subscriptionId: string, options?: { cardFails?: boolean }): Json | null;
  route(method: string, path: string, body: Json): Answer | null;
}

/** What the billing endpoints (./stripe-billing-routes.ts) work on. */
export interface BillingState {
  ctx: BillingContext;
  customers: Map<string, Json>;
  methods: Map<string, Json>;
  products: Map<string, Json>;
  prices: Map<string, Json>;
  schedules: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  newInvoice(sub: Json, reason: string, start: number): Json;
  finalize(invoice: Json): void;
  charge(invoice: Json, forceFail?: boolean): Answer | null;
  invoiceView(invoice: Json, parts: string[]): Json;
  subView(sub: Json, parts: string[]): Json;
  scheduleView(schedule: Json, parts: string[]): Json;
  cancelSub(sub: Json, reason: string): void;
}

const DAY = 86_400;
export const periodAfter = (start: number, interval: unknown) =>
  start + (interval === 'year' ? 365 : 30) * DAY;
export const list = (value: unknown) =>
  value && typeof value === 'object' ? Object.values(value) : [];
export const expandsOf = (body: Json) => list(body.expand).map(String);

export function createBillingStandIn(ctx: BillingContext): BillingStandIn {
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();

  const itemOf = (sub: Json) => (sub.items as { data: Json[] }).data[0]!;

  function newInvoice(sub: Json, reason: string, start: number): Json {
    const item = itemOf(sub);
    const price = item.price as Json;
    const end = periodAfter(start, (price.recurring as Json).interval);
    const invoice: Json = {
      id: ctx.newId('in'),
      object: 'invoice',
      status: 'draft',
      billing_reason: reason,
      customer: sub.customer,
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: 0,
      period_start: start,
      period_end: start,
      lines: {
        object: 'list',
        data: [
          {
            id: ctx.newId('il'),
            object: 'line_item',
            amount: price.unit_amount,
            period: { start, end },
            parent: { type: 'subscription_item_details' },
          },
        ],
      },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      payment_intent_id: null,
      created: ctx.now(),
    };
    invoices.set(String(invoice.id), invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  function finalize(invoice: Json) {
    if (invoice.status !== 'draft') return;
    const id = ctx.newId('pi');
    ctx.intents.set(id, {
      id,
      object: 'payment_intent',
      amount: invoice.amount_due,
      amount_received: 0,
      currency: invoice.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
      metadata: {},
      latest_charge: null,
      last_payment_error: null,
      created: ctx.now(),
    });
    Object.assign(invoice, { status: 'open', payment_intent_id: id });
  }

  function markPaid(invoice: Json) {
    const intent = ctx.intents.get(String(invoice.payment_intent_id))!;
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: ctx.newId('ch'),
      last_payment_error: null,
    });
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    const sub = subscriptions.get(
      String(
        (invoice.parent as Json & { subscription_details: Json }).subscription_details.subscription,
      ),
    )!;
    const line = (invoice.lines as { data: Json[] }).data[0]!.period as Json;
    Object.assign(itemOf(sub), { current_period_start: line.start, current_period_end: line.end });
    sub.status = 'active';
  }

  /** Charges an open invoice with the subscription's card; the decline as Stripe words it. */
  function charge(invoice: Json, forceFail = false): Answer | null {
    const sub = subscriptions.get(
      String((invoice.parent as { subscription_details: Json }).subscription_details.subscription),
    )!;
    const card = methods.get(String(sub.default_payment_method));
    const behaviour = forceFail ? 'declines' : (card?.behaviour as CardBehaviour | undefined);
    const intent = ctx.intents.get(String(invoice.payment_intent_id))!;
    if (behaviour === 'succeeds') {
      markPaid(invoice);
      return null;
    }
    if (behaviour === 'requires_action') {
      intent.status = 'requires_action';
      return ctx.error(
        402,
        'card_error',
        'invoice_payment_intent_requires_action',
        'This payment requires additional user action before it can be completed successfully.',
      );
    }
    const code = behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
    const message =
      code === 'insufficient_funds'
        ? 'Your card has insufficient funds.'
        : 'Your card was declined.';
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: code,
        message,
      },
    });
    invoice.attempt_count = Number(invoice.attempt_count ?? 0) + 1;
    if (sub.status === 'active') sub.status = 'past_due';
    return ctx.error(402, 'card_error', 'card_declined', message);
  }

  function invoiceView(invoice: Json, parts: string[]): Json {
    const { payment_intent_id: pi, ...view } = invoice;
    if (parts.includes('payments')) {
      view.payments = {
        object: 'list',
        data: pi
          ? [
              {
                id: ctx.newId('inpay'),
                object: 'invoice_payment',
                is_default: true,
                payment: { type: 'payment_intent', payment_intent: pi },
              },
            ]
          : [],
      };
    }
    if (parts.includes('confirmation_secret')) {
      const intent = pi ? ctx.intents.get(String(pi)) : null;
      view.confirmation_secret =
        intent && invoice.status === 'open'
          ? { client_secret: intent.client_secret, type: 'payment_intent' }
          : null;
    }
    return view;
  }
  const under = (parts: string[], prefix: string) =>
    parts.filter((p) => p.startsWith(`${prefix}.`)).map((p) => p.slice(prefix.length + 1));
  function subView(sub: Json, parts: string[]): Json {
    const inner = under(parts, 'latest_invoice');
    const invoice = invoices.get(String(sub.latest_invoice));
    return inner.length && invoice ? { ...sub, latest_invoice: invoiceView(invoice, inner) } : sub;
  }
  function scheduleView(schedule: Json, parts: string[]): Json {
    const sub = subscriptions.get(String(schedule.subscription));
    return parts.some((p) => p.startsWith('subscription')) && sub
      ? { ...schedule, subscription: subView(sub, under(parts, 'subscription')) }
      : schedule;
  }

  function cancelSub(sub: Json, reason: string) {
    Object.assign(sub, {
      status: sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
      canceled_at: ctx.now(),
      cancellation_details: { reason },
    });
  }

  const state: BillingState = {
    ctx,
    customers,
    methods,
    products,
    prices,
    schedules,
    subscriptions,
    invoices,
    newInvoice,
    finalize,
    charge,
    invoiceView,
    subView,
    scheduleView,
    cancelSub,
  };

  return {
    customers,
    prices,
    products,
    schedules,
    subscriptions,
    invoices,
    paymentMethod(behaviour = 'succeeds') {
      const id = ctx.newId('pm');
      const last4 = {
        succeeds: '4242',
        declines: '0002',
        insufficient_funds: '9995',
        requires_action: '3155',
      }[behaviour];
      methods.set(id, {
        id,
        object: 'payment_method',
        type: 'card',
        customer: null,
        behaviour,
        card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034 },
      });
      return id;
    },
    completeAction(invoiceId, succeeds = true) {
      const invoice = invoices.get(invoiceId)!;
      if (succeeds) markPaid(invoice);
      else charge(invoice, true);
      return invoice;
    },
    periodEnds(subscriptionId, options = {}) {
      const sub = subscriptions.get(subscriptionId)!;
      const schedule = sub.schedule ? schedules.get(String(sub.schedule)) : undefined;
      if (
        (schedule?.status === 'active' && schedule.end_behavior === 'cancel') ||
        sub.cancel_at_period_end
      ) {
        cancelSub(sub, 'cancellation_requested');
        if (schedule?.status === 'active')
          Object.assign(schedule, { status: 'completed', completed_at: ctx.now() });
        return null;
      }
      if (schedule?.status === 'active') {
        // The one phase is over: the schedule lets the subscription go on by itself.
        Object.assign(schedule, {
          status: 'released',
          released_at: ctx.now(),
          released_subscription: sub.id,
          subscription: null,
        });
        sub.schedule = null;
      }
      const invoice = newInvoice(sub, 'subscription_cycle', Number(itemOf(sub).current_period_end));
      finalize(invoice);
      charge(invoice, options.cardFails);
      return invoice;
    },
    route: (method, path, body) => billingRoute(state, method, path, body),
  };
}
