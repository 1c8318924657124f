import {
  expandsOf,
  list,
  periodAfter,
  type Answer,
  type BillingState,
  type Json,
} from './stripe-billing-stand-in';

// The billing endpoints of the local Stripe stand-in (see ./stripe-billing-stand-in.ts): the
// request shapes the SDK sends for customers, payment methods, prices, products, subscription
// schedules, subscriptions and invoices, answered as Stripe does, with its errors.

const ok = (body: unknown): Answer => ({ status: 200, body });

function createSchedule(state: BillingState, body: Json): Answer {
  const { ctx, customers, prices, methods, subscriptions, schedules } = state;
  const customer = customers.get(String(body.customer));
  if (!customer) return ctx.missing('customer', String(body.customer));
  const phase = list(body.phases)[0] as Json;
  const price = prices.get(String((list(phase.items)[0] as Json).price));
  if (!price) return ctx.missing('price', 'unknown');
  const settings = (body.default_settings ?? {}) as Json;
  const card = methods.get(String(settings.default_payment_method));
  if (!card || card.customer !== customer.id) {
    return ctx.error(
      400,
      'invalid_request_error',
      'resource_missing',
      'The payment method must be attached to the customer.',
    );
  }
  const start = ctx.now();
  const scheduleId = ctx.newId('sub_sched');
  const sub: Json = {
    id: ctx.newId('sub'),
    object: 'subscription',
    status: 'incomplete',
    customer: customer.id,
    schedule: scheduleId,
    cancel_at_period_end: false,
    cancellation_details: { reason: null },
    default_payment_method: card.id,
    metadata: phase.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: ctx.newId('si'),
          price,
          quantity: 1,
          current_period_start: start,
          current_period_end: periodAfter(start, (price.recurring as Json).interval),
        },
      ],
    },
    latest_invoice: null,
  };
  subscriptions.set(String(sub.id), sub);
  state.newInvoice(sub, 'subscription_create', start);
  const duration = phase.duration as Json;
  const schedule: Json = {
    id: scheduleId,
    object: 'subscription_schedule',
    status: 'active',
    end_behavior: body.end_behavior ?? 'release',
    customer: customer.id,
    subscription: sub.id,
    released_subscription: null,
    metadata: body.metadata ?? {},
    default_settings: settings,
    phases: [
      {
        start_date: start,
        end_date: periodAfter(start, duration.interval),
        items: [{ price: price.id, quantity: 1 }],
      },
    ],
  };
  schedules.set(scheduleId, schedule);
  return ok(state.scheduleView(schedule, expandsOf(body)));
}

/** The answer to a billing request, or null when the path is not billing's. */
export function billingRoute(
  state: BillingState,
  method: string,
  path: string,
  body: Json,
): Answer | null {
  const { ctx, customers, methods, prices, products, schedules, subscriptions, invoices } = state;
  let m: RegExpMatchArray | null;
  const parts = expandsOf(body);
  if (method === 'POST' && path === '/v1/customers') {
    const customer: Json = {
      id: ctx.newId('cus'),
      object: 'customer',
      email: body.email,
      name: body.name,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null },
    };
    customers.set(String(customer.id), customer);
    return ok(customer);
  }
  if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
    const customer = customers.get(m[1]!);
    if (!customer) return ctx.missing('customer', m[1]!);
    if (method === 'POST' && body.invoice_settings) {
      const pm = String((body.invoice_settings as Json).default_payment_method);
      if (methods.get(pm)?.customer !== customer.id) return ctx.missing('payment_method', pm);
      customer.invoice_settings = { default_payment_method: pm };
    }
    return ok(customer);
  }
  if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
    const card = methods.get(m[1]!);
    if (!card) return ctx.missing('payment_method', m[1]!);
    if (!customers.has(String(body.customer)))
      return ctx.missing('customer', String(body.customer));
    card.customer = body.customer;
    return ok(card);
  }
  if (method === 'GET' && path === '/v1/prices') {
    const keys = list(body.lookup_keys).map(String);
    const data = [...prices.values()].filter(
      (p) => p.active && keys.includes(String(p.lookup_key)),
    );
    return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
  }
  if (method === 'POST' && path === '/v1/prices') {
    if (!products.has(String(body.product))) return ctx.missing('product', String(body.product));
    for (const p of prices.values()) {
      if (p.lookup_key === body.lookup_key && body.transfer_lookup_key === 'true')
        p.lookup_key = null;
    }
    const recurring = body.recurring as Json;
    const price: Json = {
      id: ctx.newId('price'),
      object: 'price',
      active: true,
      product: body.product,
      currency: body.currency,
      unit_amount: Number(body.unit_amount),
      recurring: { interval: recurring.interval, interval_count: 1 },
      lookup_key: body.lookup_key ?? null,
      metadata: body.metadata ?? {},
    };
    prices.set(String(price.id), price);
    return ok(price);
  }
  if (method === 'GET' && (m = path.match(/^\/v1\/products\/([^/]+)$/))) {
    const product = products.get(m[1]!);
    return product ? ok(product) : ctx.missing('product', m[1]!);
  }
  if (method === 'POST' && path === '/v1/products') {
    const id = String(body.id ?? ctx.newId('prod'));
    if (products.has(id))
      return ctx.error(
        400,
        'invalid_request_error',
        'resource_already_exists',
        `Product already exists.`,
      );
    const product = {
      id,
      object: 'product',
      name: body.name,
      active: true,
      metadata: body.metadata ?? {},
    };
    products.set(id, product);
    return ok(product);
  }
  if (method === 'POST' && path === '/v1/subscription_schedules')
    return createSchedule(state, body);
  if ((m = path.match(/^\/v1\/subscription_schedules\/([^/]+)(\/cancel)?$/))) {
    const schedule = schedules.get(m[1]!);
    if (!schedule) return ctx.missing('subscription_schedule', m[1]!);
    const runs = schedule.status === 'active' || schedule.status === 'not_started';
    if (method === 'POST' && !runs) {
      return ctx.error(
        400,
        'invalid_request_error',
        'resource_missing',
        `You cannot update a subscription schedule that is ${String(schedule.status)}.`,
      );
    }
    if (method === 'POST' && m[2]) {
      Object.assign(schedule, { status: 'canceled', canceled_at: ctx.now() });
      const sub = subscriptions.get(String(schedule.subscription));
      if (sub) state.cancelSub(sub, 'cancellation_requested');
    } else if (method === 'POST' && body.end_behavior) {
      schedule.end_behavior = body.end_behavior;
    }
    return ok(state.scheduleView(schedule, parts));
  }
  if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
    const sub = subscriptions.get(m[1]!);
    if (!sub) return ctx.missing('subscription', m[1]!);
    if (method === 'DELETE') state.cancelSub(sub, 'cancellation_requested');
    if (method === 'POST' && body.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
    }
    return ok(state.subView(sub, parts));
  }
  if ((m = path.match(/^\/v1\/invoices\/([^/]+)(\/finalize|\/pay)?$/))) {
    const invoice = invoices.get(m[1]!);
    if (!invoice) return ctx.missing('invoice', m[1]!);
    if (method === 'POST' && m[2] === '/finalize') state.finalize(invoice);
    if (method === 'POST' && m[2] === '/pay') {
      if (invoice.status !== 'open') {
        return ctx.error(400, 'invalid_request_error', 'invoice_not_open', 'Invoice is not open.');
      }
      const failed = state.charge(invoice);
      if (failed) return failed;
    }
    return ok(state.invoiceView(invoice, parts));
  }
  return null;
}
