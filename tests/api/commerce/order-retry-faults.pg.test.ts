import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openPostgres } from '../../../src/server/db/postgres';
import { commerceApi } from '../../../src/shared/api/commerce';
import { discountsApi } from '../../../src/shared/api/discounts';
import type { orderCreateRequest } from '../../../src/shared/contracts/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { expectCallUnavailable } from '../../helpers/database-away';
import { startOwnPostgres, type OwnPostgres } from '../../helpers/own-postgres';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { snapshot, unchanged, type Auth } from './checkout-support';

/**
 * The fault issue 27's drill found (docs/decisions/038, 077): the connection lost during the
 * order's COMMIT, the order saved but the buyer told 503 — and the checkout's retry placed a second
 * order. On a PostgreSQL cluster of the test's own (port 54403), the COMMIT is held at exactly that
 * point: a synchronous standby is required that never answers, so PostgreSQL writes and flushes the
 * commit record (the transaction has committed) and then waits to answer COMMIT. There the server
 * is stopped or the sessions ended: the commit stands, its answer is lost.
 */
const PORT = 54403;

let server: OwnPostgres;
let t: TestApp;
let last: LightMyRequestResponse | undefined;
const client = typedClient(() => t, { onAnswer: (res) => (last = res) });
const answered = () => last;

beforeAll(async () => {
  server = await startOwnPostgres(PORT);
  // Its connections are cut on purpose: the pool reports each and opens new ones.
  const database = await openPostgres(server.url, { onConnectionError: () => {} });
  t = await createTestApp({}, {}, { database });
  await onServer((c) => c.query('create table drill_probe (at timestamptz default now())'));
}, 120_000);
// A drill that failed half-way must not leave every later COMMIT waiting.
afterEach(async () => {
  await onServer((c) => c.query('alter system reset synchronous_standby_names')).catch(() => {});
  await onServer((c) => c.query('select pg_reload_conf()')).catch(() => {});
});
afterAll(async () => {
  await t?.close();
  await server?.dispose();
});

type OrderBody = z.input<typeof orderCreateRequest>;
const place = (auth: Auth, body: OrderBody) =>
  client.call(commerceApi.createOrder, { body }, { headers: auth });

/** A call left in flight while the fault is made: its refusal is awaited later, not unhandled. */
function inFlight<T>(call: Promise<T>): Promise<T> {
  call.catch(() => {});
  return call;
}

/** One statement (or a few) on a session of the test's own, not the app's pool. */
async function onServer<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: server.url });
  c.on('error', () => {});
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Does a COMMIT wait for the standby now? One of the test's own shows it: it either returns at
 * once, or is seen waiting and then cancelled (PostgreSQL warns that it committed locally).
 */
const commitWaits = () =>
  onServer(async (c) => {
    await c.query('begin');
    await c.query('insert into drill_probe default values');
    const pid = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    let returned = false;
    const commit = c.query('commit').then(() => (returned = true));
    while (!returned) {
      const cancelled = await onServer((o) =>
        o.query(
          `select pg_cancel_backend(pid) from pg_stat_activity where pid = $1 and wait_event = 'SyncRep'`,
          [pid],
        ),
      );
      if (cancelled.rowCount) return commit.then(() => true);
    }
    return false;
  });

/** Makes a COMMIT that wrote anything write its record, then wait for a standby never there. */
async function commitsWaitForAStandby(wait: boolean) {
  await onServer((c) =>
    c.query(
      wait
        ? `alter system set synchronous_standby_names = 'never_there'`
        : 'alter system reset synchronous_standby_names',
    ),
  );
  await onServer((c) => c.query('select pg_reload_conf()'));
  // The checkpointer applies the setting a moment after the reload.
  await expect.poll(commitWaits, { timeout: 10_000, interval: 20 }).toBe(wait);
}

/** The statements of sessions waiting for `event` (SyncRep: a COMMIT; Lock, its type: a row). */
const waiting = (event: 'SyncRep' | 'Lock') =>
  onServer(
    async (c) =>
      (
        await c.query<{ query: string }>(
          `select query from pg_stat_activity
            where backend_type = 'client backend' and $1 in (wait_event, wait_event_type)`,
          [event],
        )
      ).rows,
  );

/** A buyer, a lamp (3 in stock) and a code of one use: a second order would show twice. */
async function lastUseCart() {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const lamp = await createProduct(t, maya.user, { title: 'Lamp', price: 40, stock: 3 });
  await client.call(
    discountsApi.saveDiscount,
    { body: { code: 'ONCE', kind: 'percent', value: 25, maxUses: 1 } },
    { headers: maya.auth },
  );
  const home = await createTestAddress(t, sam.user.id);
  const body: OrderBody = {
    items: [{ _id: lamp._id, amount: 1, selectedVariations: {} }],
    shippingAddressId: home.id,
    discountCode: 'once',
    idempotencyKey: randomUUID(),
  };
  return { sam, lamp, body };
}

/** The order committed, once: one more order, one lamp held, the code's one use taken. */
async function expectPlacedOnce(before: Awaited<ReturnType<typeof snapshot>>, lampId: string) {
  const after = await snapshot(t, [lampId]);
  expect(after.orders).toBe(before.orders + 1);
  expect(after.stock[0]!.stock).toBe(2);
  expect(after.redemptions).toBe(before.redemptions + 1);
  return after.orderRows.find((o) => !before.orderRows.some((b) => b.id === o.id))!;
}

describe('POST /orders whose COMMIT loses its connection', () => {
  it('the server stopped: 503 with Retry-After, the order saved; the retry with the key answers it', async () => {
    const { sam, lamp, body } = await lastUseCart();
    const before = await snapshot(t, [lamp._id]);
    await commitsWaitForAStandby(true);
    const placing = inFlight(place(sam.auth, body));
    await expect.poll(() => waiting('SyncRep'), { timeout: 10_000 }).toEqual([{ query: 'commit' }]);
    // Written for the next start, not applied now: the COMMIT keeps waiting until the stop.
    await onServer((c) => c.query('alter system reset synchronous_standby_names'));
    await server.stop();
    await expectCallUnavailable(placing, answered, 'the order whose COMMIT was cut');
    await server.start();
    await expect.poll(() => t.deps.database.ping(), { timeout: 10_000 }).toBe(true);

    // What the drill found: committed, though the buyer was told to try again.
    const saved = await expectPlacedOnce(before, lamp._id);
    expect(saved.idempotencyKey).toBe(body.idempotencyKey);

    // The checkout tries again with the attempt's key: that order, 201, nothing taken twice.
    await unchanged(t, [lamp._id], async () => {
      const { order } = await place(sam.auth, body);
      expect(last!.statusCode).toBe(201);
      expect(order).toMatchObject({ _id: saved.id, status: 'pending', discount: 10 });
      expect(order.transactions[0]).toMatchObject({ discountCode: 'ONCE' });
    });
  });

  it('the sessions ended, the server up: the same request finds the order it saved (201)', async () => {
    const { sam, lamp, body } = await lastUseCart();
    const before = await snapshot(t, [lamp._id]);
    await commitsWaitForAStandby(true);
    const placing = inFlight(place(sam.auth, body));
    await expect.poll(() => waiting('SyncRep'), { timeout: 10_000 }).toEqual([{ query: 'commit' }]);
    expect(await server.terminateSessions()).toBeGreaterThan(0);
    // The look-up after the failure is a read: it does not wait for the standby.
    const { order } = await placing;
    expect(last!.statusCode).toBe(201);
    await commitsWaitForAStandby(false);

    expect((await expectPlacedOnce(before, lamp._id)).id).toBe(order._id);
    await unchanged(t, [lamp._id], async () => {
      expect(await place(sam.auth, body)).toEqual({ order });
    });
  });
});

describe('POST /orders: two requests with one key, held at the buyer’s lock together', () => {
  it('one places the order; the other hits the unique index and answers that order', async () => {
    const { sam, lamp, body } = await lastUseCart();
    // No code: the second request goes as far as writing its order.
    const cart = { ...body, discountCode: undefined };
    const before = await snapshot(t, [lamp._id]);
    // Both looked for the key and found none; both then wait for the buyer's row (ADR 052).
    const hold = await server.holdRows('select 1 from users where id = $1 for no key update', [
      sam.user.id,
    ]);
    const answers = [place(sam.auth, cart), place(sam.auth, cart)].map(inFlight);
    await expect.poll(async () => (await waiting('Lock')).length, { timeout: 10_000 }).toBe(2);
    await hold.release();
    const [first, second] = await Promise.all(answers);
    expect(second).toEqual(first);
    const after = await snapshot(t, [lamp._id]);
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock[0]!.stock).toBe(2);
  });
});
