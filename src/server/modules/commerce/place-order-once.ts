import { and, eq } from 'drizzle-orm';
import type { Order } from '../../../shared/contracts/commerce';
import { orders } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { placeOrder, type PlaceOrderInput } from './place-order';
import { ordersWithParts } from './rows';

// POST /orders with an idempotency key (docs/decisions/077). The key names one attempt to place an
// order: the first request with it places the order and stores the key on it (in the order's own
// transaction), and any later request of the same buyer with that key answers that order — as it
// is now, in the shape placing answers — without pricing, holding stock, taking a code's use or
// an offer again. Keys are per buyer (unique index on buyer and key).

/** The buyer's order placed with this key, read as GET /orders?id= reads it; null when none. */
async function orderWithKey(deps: ModuleDeps, buyerId: string, key: string): Promise<Order | null> {
  const [row] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  const [order] = await ordersWithParts(deps.db, [row]);
  return order!;
}

/** placeOrder, once per idempotency key: a request repeating a key answers the order it placed. */
export async function placeOrderOnce(
  deps: ModuleDeps,
  buyerId: string,
  input: PlaceOrderInput,
): Promise<Order> {
  const key = input.idempotencyKey;
  if (!key) return placeOrder(deps, buyerId, input);
  const earlier = await orderWithKey(deps, buyerId, key);
  if (earlier) return earlier;
  try {
    return await placeOrder(deps, buyerId, input);
  } catch (err) {
    // Failed, but the key's order may exist now: a request racing this one with the same key won
    // (this one then hit the unique index, or a refusal caused by what the winner took — the
    // code's last use, the last unit, the offer), or this very attempt committed and only the
    // answer of its COMMIT was lost. Either way that order is the answer. Looking fails too (the
    // database away): the original error stands, and the client's retry with the key finds it.
    const placed = await lookAgain(deps, buyerId, key);
    if (placed) return placed;
    throw err;
  }
}

/** Pauses before each new look after a failure (ms): the pool replaces cut connections. */
const LOOK_AGAIN_AFTER_MS = [0, 100, 300];

/**
 * The key's order, looked up after a failure, three times at most: a cut that failed the order
 * also cut the pool's idle connections, and the pool only drops one when its error arrives (and
 * opens a new one when asked) — an early look may take a dead one or wait for a new one.
 */
async function lookAgain(deps: ModuleDeps, buyerId: string, key: string): Promise<Order | null> {
  for (const pause of LOOK_AGAIN_AFTER_MS) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    try {
      return await orderWithKey(deps, buyerId, key);
    } catch {
      // The database still away: look again, then the caller's original error stands.
    }
  }
  return null;
}
