import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripeDriver, type StripeDriver } from '../../src/server/adapters/payments/stripe';
import { createBillingStandIn, type BillingStandIn } from './stripe-billing-stand-in';

/**
 * A local stand-in for the Stripe endpoints the driver calls (PaymentIntents, Transfers and their
 * reversals, Refunds,
 * Accounts, Account Links; plan billing in ./stripe-billing-stand-in.ts), on 127.0.0.1: it
 * decodes the SDK's form bodies, records every request with its Idempotency-Key and Stripe-Account headers, keeps state (intents, accounts) and, like
 * Stripe, answers a repeated idempotency key with the first answer. Tests move the state on
 * (`succeed`, `fail`, `updateAccount`) as a buyer or a seller would on Stripe's side, and build
 * the events Stripe would send (`event`) with signatures from the SDK's own test helper (`sign`).
 */

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | null;
  stripeAccount: string | null;
}

/** `a[b][c]=1&a[d]=2` → { a: { b: { c: '1' }, d: '2' } } (Stripe's form encoding). */
export function decodeForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/]/g, '').split('[');
    let node = out;
    path.slice(0, -1).forEach((part) => {
      node[part] ??= {};
      node = node[part] as Json;
    });
    node[path[path.length - 1]!] = value;
  }
  return out;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, code: string, message: string) {
  return { status, body: { error: { type, code, message } } };
}
const missing = (kind: string, id: string) =>
  stripeError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'`);

export interface StripeStandIn {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Requests to one endpoint, e.g. `calls('POST', '/v1/transfers')`. */
  calls(method: string, path: string | RegExp): RecordedRequest[];
  intents: Map<string, Json>;
  accounts: Map<string, Json>;
  /** Transfers made, with what was reversed of each (amount_reversed). */
  transfers: Map<string, Json>;
  /** Customers, prices, subscription schedules, subscriptions and invoices (plan billing). */
  billing: BillingStandIn;
  /** The next request whose path matches answers this error instead (once). */
  failNext(path: RegExp, status: number, code?: string): void;
  /**
   * The next request whose path matches is carried out, then `hook` runs before its answer is sent
   * (once): a fault drill makes the app's database go away while Stripe is answering.
   */
  whenAnswering(path: RegExp, hook: () => Promise<void>): void;
  /** What has been refunded of each payment intent so far (minor units). */
  refunded: ReadonlyMap<string, number>;
  /** The buyer paid: the intent succeeds with a charge. */
  succeed(intentId: string): Json;
  /** An attempt was declined: the intent waits for another payment method. */
  fail(intentId: string, message: string, code?: string): Json;
  updateAccount(
    id: string,
    fields: { details_submitted?: boolean; payouts_enabled?: boolean },
  ): Json;
  /** The event Stripe would send about an object, as it is now (a snapshot, like Stripe's). */
  event(type: string, object: Json): Json;
  /** The signed delivery of an event: its exact body and Stripe-Signature header. */
  sign(event: Json, secret: string): { payload: string; signature: string };
  driver(options?: { maxNetworkRetries?: number }): StripeDriver;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const refunded = new Map<string, number>();
  const answered = new Map<string, { status: number; body: unknown; request: string }>();
  const failures: { path: RegExp; status: number; code: string }[] = [];
  const hooks: { path: RegExp; hook: () => Promise<void> }[] = [];
  const billing = createBillingStandIn({ intents, newId, now, error: stripeError, missing });

  function route(method: string, path: string, body: Json): { status: number; body: unknown } {
    const failure = failures.findIndex((f) => f.path.test(path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      const type = f!.status >= 500 ? 'api_error' : 'invalid_request_error';
      return stripeError(f!.status, type, f!.code, `Stand-in failure (${f!.status})`);
    }
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = newId('pi');
      const intent: Json = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        amount_received: 0,
        currency: body.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        transfer_group: body.transfer_group ?? null,
        metadata: body.metadata ?? {},
        automatic_payment_methods: { enabled: body.automatic_payment_methods !== undefined },
        latest_charge: null,
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/))) {
      const intent = intents.get(m[1]!);
      if (!intent) return missing('payment_intent', m[1]!);
      if (method === 'GET' && !m[2]) return { status: 200, body: intent };
      if (method === 'POST' && m[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(
            400,
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
          );
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/))) {
      // Like Stripe: a reversal of at most what is left of the transfer.
      const transfer = transfers.get(m[1]!);
      if (!transfer) return missing('transfer', m[1]!);
      const amount = Number(body.amount ?? transfer.amount);
      const left = Number(transfer.amount) - Number(transfer.amount_reversed);
      if (amount > left) {
        return stripeError(
          400,
          'invalid_request_error',
          'parameter_invalid_integer',
          'Amount must be no more than what is left of the transfer.',
        );
      }
      transfer.amount_reversed = Number(transfer.amount_reversed) + amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      const reversal = {
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        metadata: body.metadata ?? {},
        created: now(),
      };
      return { status: 200, body: reversal };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      if (!accounts.has(String(body.destination))) {
        return missing('destination', String(body.destination));
      }
      const transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        currency: body.currency,
        destination: body.destination,
        transfer_group: body.transfer_group ?? null,
        source_transaction: body.source_transaction ?? null,
        metadata: body.metadata ?? {},
        amount_reversed: 0,
        reversed: false,
        created: now(),
      };
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent) return missing('payment_intent', String(body.payment_intent));
      const amount = Number(body.amount ?? intent.amount);
      const already = refunded.get(String(intent.id)) ?? 0;
      if (intent.status !== 'succeeded' || already + amount > Number(intent.amount)) {
        return stripeError(
          400,
          'invalid_request_error',
          'charge_already_refunded',
          'Nothing left to refund.',
        );
      }
      refunded.set(String(intent.id), already + amount);
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
        metadata: body.metadata ?? {},
        created: now(),
      };
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const controller = (body.controller ?? {}) as Json;
      const account: Json = {
        id: newId('acct'),
        object: 'account',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        controller: { ...controller, type: 'application', is_controller: true },
        capabilities: { transfers: 'inactive' },
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        created: now(),
      };
      accounts.set(String(account.id), account);
      return { status: 200, body: account };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const account = accounts.get(m[1]!);
      return account ? { status: 200, body: account } : missing('account', m[1]!);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(String(body.account))) return missing('account', String(body.account));
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.com/setup/e/${String(body.account)}/${randomBytes(6).toString('hex')}`,
          created: now(),
          expires_at: now() + 300,
        },
      };
    }
    return (
      billing.route(method, path, body) ??
      stripeError(
        404,
        'invalid_request_error',
        'resource_missing',
        `Unrecognized request URL (${method}: ${path}).`,
      )
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const recorded: RecordedRequest = {
      method,
      path,
      // The SDK sends a GET's (and DELETE's) parameters in the query string.
      body: decodeForm(text || query),
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
    };
    requests.push(recorded);
    let answer: { status: number; body: unknown };
    const key = recorded.idempotencyKey;
    const earlier = key ? answered.get(key) : undefined;
    if (earlier && earlier.request !== `${method} ${path} ${text}`) {
      answer = stripeError(
        400,
        'idempotency_error',
        'idempotency_key_in_use',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    } else if (earlier) {
      answer = earlier;
    } else {
      answer = route(method, path, recorded.body);
      const hooked = hooks.findIndex((h) => h.path.test(path));
      if (hooked >= 0) await hooks.splice(hooked, 1)[0]!.hook();
      // Stripe keeps the answer of a key unless the request failed on its side (5xx).
      if (key && method === 'POST' && answer.status < 500) {
        answered.set(key, { ...answer, request: `${method} ${path} ${text}` });
      }
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
    });
    res.end(JSON.stringify(answer.body));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stand-in: no intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    calls: (method, path) =>
      requests.filter(
        (r) =>
          r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      ),
    intents,
    accounts,
    transfers,
    billing,
    failNext: (path, status, code = status >= 500 ? 'api_error' : 'parameter_invalid') =>
      void failures.push({ path, status, code }),
    whenAnswering: (path, hook) => void hooks.push({ path, hook }),
    refunded,
    succeed(id) {
      const intent = intentOf(id);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: newId('ch'),
        last_payment_error: null,
      });
      return intent;
    },
    fail(id, message, code = 'card_declined') {
      return Object.assign(intentOf(id), {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code, message },
      });
    },
    updateAccount(id, fields) {
      const account = accounts.get(id);
      if (!account) throw new Error(`stand-in: no account ${id}`);
      return Object.assign(account, fields);
    },
    event: (type, object) => ({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      // A snapshot: later changes to the stand-in's state do not reach an event already built.
      data: { object: structuredClone(object) },
    }),
    sign(event, secret) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    driver: (options = {}) =>
      createStripeDriver({
        secretKey: 'sk_test_stand_in',
        publishableKey: 'pk_test_stand_in',
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: options.maxNetworkRetries ?? 0,
      }),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
