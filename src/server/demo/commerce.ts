import { eq, inArray } from 'drizzle-orm';
import { cartTotalsMinor } from '../../shared/cart';
import { toMajor } from '../../shared/money';
import {
  addresses,
  feedbacks,
  ledgerEntries,
  orderItems,
  orders,
  paymentIntents,
  products,
  sellerAccounts,
  transactions,
  users,
  type UserRow,
} from '../db/schema';
import { scheduleAutoCancel } from '../modules/commerce';
import type { ModuleDeps } from '../modules/core';

/**
 * The demo's trade, so /orders, /sales and sellers' ratings show what they are for: sam bought a
 * mug from maya twelve days ago (shipped, paid out to maya's payout account, rated both ways) and a
 * Voodoo2 from leo yesterday (paid, waiting for leo to ship; leo has not set up payouts, so his
 * money is held). Rows are written straight into the tables in the seed's transaction (no mail
 * goes out about the demo); totals come from the shared math, so they are what checkout would
 * charge. The posts keep their stock: the demo's shelves stay full.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const SAM_ADDRESS = {
  name: 'Sam Rivera',
  line1: '742 Evergreen Terrace',
  line2: '',
  city: 'Portland',
  region: 'OR',
  postalCode: '97205',
  country: 'US',
  phone: '',
};

interface DemoSale {
  seller: string;
  title: string;
  ago: number;
  shipped: { ago: number; carrier: string; tracking: string } | null;
  feedback: { buyer: [number, string]; seller: [number, string] } | null;
}

const SALES: DemoSale[] = [
  {
    seller: 'maya',
    title: 'Speckled stoneware mug, oatmeal glaze',
    ago: 12 * DAY,
    shipped: { ago: 10 * DAY, carrier: 'usps', tracking: '9400111899223100012345' },
    feedback: {
      buyer: [5, 'Beautiful glaze, even nicer in person. Packed with care and here in two days.'],
      seller: [5, 'Paid at once and sent a lovely note. Thank you, Sam!'],
    },
  },
  {
    seller: 'leo',
    title: '3dfx Voodoo2 12 MB',
    ago: 1 * DAY,
    shipped: null,
    feedback: null,
  },
];

export async function seedDemoCommerce(
  deps: ModuleDeps,
  people: Map<string, UserRow>,
  now: number,
): Promise<void> {
  const db = deps.db;
  const buyer = people.get('sam')!;
  const maya = people.get('maya')!;
  await db
    .insert(addresses)
    .values({ userId: buyer.id, address: SAM_ADDRESS, createdAt: new Date(now - 20 * DAY) });
  // Maya finished payout setup on our own form; leo has not.
  await db.insert(sellerAccounts).values({
    userId: maya.id,
    provider: 'local',
    accountId: 'acct_local_demo_maya',
    detailsSubmitted: true,
    payoutsEnabled: true,
    payoutHolderName: maya.name,
    payoutCountry: 'US',
    payoutAccountLast4: '6789',
  });
  await db.update(users).set({ stripeUserId: 'acct_local_demo_maya' }).where(eq(users.id, maya.id));

  const posts = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.title,
        SALES.map((s) => s.title),
      ),
    );
  for (const [i, sale] of SALES.entries()) {
    const seller = people.get(sale.seller)!;
    const post = posts.find((p) => p.title === sale.title && p.userId === seller.id)!;
    const totals = cartTotalsMinor([
      { amount: 1, price: toMajor(post.priceMinor), shippingCost: toMajor(post.shippingMinor) },
    ]);
    const at = new Date(now - sale.ago);
    const paidAt = new Date(now - sale.ago + 5 * 60_000);
    const intentId = `pi_local_demo_${i + 1}`;
    await db.insert(paymentIntents).values({
      id: intentId,
      clientSecret: `${intentId}_secret_demo`,
      amountMinor: totals.grandTotal,
      currency: deps.env.CURRENCY.toLowerCase(),
      status: 'succeeded',
      cardLast4: '4242',
      createdAt: at,
      updatedAt: paidAt,
    });
    const shipped = sale.shipped ? new Date(now - sale.shipped.ago) : null;
    const [order] = await db
      .insert(orders)
      .values({
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        status: shipped ? 'shipped' : 'paid',
        currency: deps.env.CURRENCY,
        subtotalMinor: totals.subtotal,
        shippingMinor: totals.shipping,
        taxMinor: totals.tax,
        grandTotalMinor: totals.grandTotal,
        shippingAddress: SAM_ADDRESS,
        billingAddress: SAM_ADDRESS,
        paymentProvider: 'local',
        paymentIntentId: intentId,
        expiresAt: new Date(at.getTime() + 30 * 60_000),
        paidAt,
        createdAt: at,
        updatedAt: shipped ?? paidAt,
      })
      .returning();
    const shipBy = new Date(paidAt.getTime() + deps.env.SHIP_WITHIN_DAYS * DAY);
    const [part] = await db
      .insert(transactions)
      .values({
        orderId: order!.id,
        sellerId: seller.id,
        sellerName: seller.name,
        sellerUsername: seller.username,
        buyerId: buyer.id,
        buyerName: buyer.name,
        status: shipped ? 'shipped' : 'paid',
        subtotalMinor: totals.subtotal,
        shippingMinor: totals.shipping,
        taxMinor: totals.tax,
        totalMinor: totals.grandTotal,
        carrier: sale.shipped?.carrier ?? null,
        trackingNumber: sale.shipped?.tracking ?? null,
        shippedAt: shipped,
        shipBy,
        payoutStatus: shipped ? 'paid' : 'held',
        payoutHeldReason: shipped ? null : 'Paid out when you mark it shipped.',
        createdAt: at,
        updatedAt: shipped ?? paidAt,
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      transactionId: part!.id,
      productId: post.id,
      title: post.title,
      image: post.medias.find((m) => m.type === 'image')?.thumbnails[0]?.url ?? null,
      priceMinor: post.priceMinor,
      shippingMinor: post.shippingMinor,
      amount: 1,
      selectedVariations: {},
    });
    const money = { orderId: order!.id, currency: deps.env.CURRENCY, provider: 'local' as const };
    await db.insert(ledgerEntries).values({
      ...money,
      kind: 'charge',
      key: `charge:${order!.id}`,
      transactionId: null,
      amountMinor: totals.grandTotal,
      providerRef: intentId,
      createdAt: paidAt,
    });
    if (shipped) {
      await db.insert(ledgerEntries).values({
        ...money,
        kind: 'transfer',
        key: `transfer:${part!.id}`,
        transactionId: part!.id,
        amountMinor: totals.grandTotal,
        providerRef: `tr_local_demo_${i + 1}`,
        createdAt: shipped,
      });
    } else {
      // Like any paid sale: cancelled and refunded if leo does not ship in time.
      await scheduleAutoCancel(deps, part!.id, shipBy);
    }
    if (sale.feedback && shipped) {
      const common = { transactionId: part!.id, orderId: order!.id };
      await db.insert(feedbacks).values([
        {
          ...common,
          type: 'order',
          authorId: buyer.id,
          authorName: buyer.name,
          subjectId: seller.id,
          rating: sale.feedback.buyer[0],
          text: sale.feedback.buyer[1],
          createdAt: new Date(shipped.getTime() + 2 * DAY),
        },
        {
          ...common,
          type: 'transaction',
          authorId: seller.id,
          authorName: seller.name,
          subjectId: buyer.id,
          rating: sale.feedback.seller[0],
          text: sale.feedback.seller[1],
          createdAt: new Date(shipped.getTime() + 3 * DAY),
        },
      ]);
    }
  }
}
