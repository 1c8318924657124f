import { and, eq } from 'drizzle-orm';
import { RETURN_LIMITS } from '../../shared/contracts/returns-rules';
import { returnRequests, transactions, type UserRow } from '../db/schema';
import type { ModuleDeps } from '../modules/core';

/**
 * A return in progress for the demo (ADR 074): sam asked maya yesterday for a refund on the mug
 * she shipped (a hairline crack), and maya has not answered yet — so /returns shows a request on
 * both sides, with the seller's accept and decline forms on maya's. Written straight into the
 * table in the seed's transaction (no mail goes out about the demo).
 */
export async function seedDemoReturns(
  deps: ModuleDeps,
  people: Map<string, UserRow>,
  now: number,
): Promise<void> {
  const buyer = people.get('sam')!;
  const maya = people.get('maya')!;
  const [part] = await deps.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.sellerId, maya.id),
        eq(transactions.buyerId, buyer.id),
        eq(transactions.status, 'shipped'),
      ),
    )
    .limit(1);
  if (!part) return;
  const createdAt = new Date(now - 24 * 3600_000);
  await deps.db.insert(returnRequests).values({
    transactionId: part.id,
    orderId: part.orderId,
    buyerId: buyer.id,
    sellerId: maya.id,
    reason: 'damaged',
    message:
      'The mug arrived with a hairline crack along the handle — it leaks a little when full. The box looked fine from outside.',
    answerBy: new Date(createdAt.getTime() + RETURN_LIMITS.answerDays * 24 * 3600_000),
    createdAt,
    updatedAt: createdAt,
  });
}
