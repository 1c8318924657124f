import { and, eq, inArray } from 'drizzle-orm';
import { OFFER_VALID_MS } from '../../shared/contracts/offer-rules';
import { offers, products, type UserRow } from '../db/schema';
import type { DbOrTx } from '../modules/core';

/**
 * The demo's offers (docs/decisions/076): maya takes offers on her serving bowl and her mug; sam
 * offered $55 for the bowl and maya accepted two hours ago (his price at checkout for 46 more
 * hours), and leo's $28 for the regular mug waits for maya's answer on /offers. Written straight into the
 * tables in the seed's transaction (nobody is mailed about the demo).
 */
const HOUR = 60 * 60_000;
export const DEMO_OFFER_POSTS = ['Rust red serving bowl', 'Speckled stoneware mug, oatmeal glaze'];

export async function seedDemoOffers(
  db: DbOrTx,
  people: Map<string, UserRow>,
  now: number,
): Promise<void> {
  const maya = people.get('maya')!;
  const posts = await db
    .update(products)
    .set({ allowOffers: true })
    .where(and(eq(products.userId, maya.id), inArray(products.title, DEMO_OFFER_POSTS)))
    .returning({ id: products.id, title: products.title });
  const idOf = (title: string) => posts.find((p) => p.title === title)!.id;
  const at = (ago: number) => new Date(now - ago);
  await db.insert(offers).values([
    {
      productId: idOf(DEMO_OFFER_POSTS[0]!),
      sellerId: maya.id,
      buyerId: people.get('sam')!.id,
      amountMinor: 5500,
      note: 'Would you take $55? I would pick a rainy-day weekend to use it.',
      proposedBy: 'buyer',
      status: 'accepted',
      expiresAt: new Date(now - 2 * HOUR + OFFER_VALID_MS),
      createdAt: at(5 * HOUR),
      updatedAt: at(2 * HOUR),
    },
    {
      productId: idOf(DEMO_OFFER_POSTS[1]!),
      sellerId: maya.id,
      buyerId: people.get('leo')!.id,
      amountMinor: 2800,
      // The mug comes in two sizes: an offer is for one of them.
      selectedVariations: { Size: 'Regular 350 ml' },
      note: 'For the studio shelf.',
      proposedBy: 'buyer',
      status: 'pending',
      createdAt: at(1 * HOUR),
      updatedAt: at(1 * HOUR),
    },
  ]);
}
