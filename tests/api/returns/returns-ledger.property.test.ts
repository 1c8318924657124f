import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../../src/server/db/schema';
import { acceptReturn, openReturn, queuePayout } from '../../../src/server/modules/commerce';
import { feeShareReturned } from '../../../src/shared/contracts/returns-rules';
import { toMinor } from '../../../src/shared/money';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, markTestShipped } from '../../factories/commerce';
import { readyAccount } from './returns-support';

/**
 * A partial refund of one seller's part of a two-seller order, on generated orders: only that part
 * is touched, the refund never exceeds it, and the money balances to the cent — what the buyer
 * paid less what came back equals what each seller keeps (transfers less reversals) plus what the
 * platform keeps (fees less the share given back), whether the seller was paid before the refund
 * (the transfer is reversed) or after it (the transfer is smaller).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const lineArb = fc.record({
  seller: fc.integer({ min: 0, max: 1 }),
  priceCents: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 500_000 })),
  shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000 })),
  amount: fc.integer({ min: 1, max: 3 }),
});

const caseArb = fc.record({
  // Both sellers have at least one line: the order is a two-seller order.
  lines: fc
    .array(lineArb, { minLength: 2, maxLength: 5 })
    .filter((ls) => new Set(ls.map((l) => l.seller)).size === 2),
  refunded: fc.integer({ min: 0, max: 1 }),
  /** The refund as a share of the part (per ten thousand; 10 000 = all of it). */
  share: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constant(10_000)),
  paidOutFirst: fc.boolean(),
  otherPaidOut: fc.boolean(),
});

describe('a partial refund of a two-seller order (property)', () => {
  it('touches one seller’s part only, and the ledger balances to the cent', async () => {
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const deps = () => t.moduleDeps();
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        // Fresh sellers each run (the Free plan publishes at most 25 posts): Free (5% fee) and
        // Business (1%), so two fee rates meet in one order. Free is no plan given.
        const sellers = await Promise.all(
          ([undefined, 'business'] as const).map((plan) =>
            signedInUser(t.deps, { accountType: 'seller', ...(plan ? { plan } : {}) }),
          ),
        );
        for (const s of sellers) await readyAccount(t, s.user.id);
        const posts = await Promise.all(
          c.lines.map((l) =>
            createProduct(t, sellers[l.seller]!.user, {
              price: l.priceCents / 100,
              shippingCost: l.shippingCents / 100,
              stock: l.amount,
            }),
          ),
        );
        const order = await createPaidOrder(
          t,
          buyer.user.id,
          posts.map((p, i) => ({ productId: p._id, amount: c.lines[i]!.amount })),
        );
        const parts = order.transactions;
        const target = parts.find((p) => p.seller._id === sellers[c.refunded]!.user.id)!;
        const other = parts.find((p) => p !== target)!;
        for (const p of parts) await markTestShipped(t, p._id);
        const payOut = async (id: string) => {
          await queuePayout(deps(), id);
          await t.runJobs();
        };
        if (c.paidOutFirst) await payOut(target._id);
        if (c.otherPaidOut) await payOut(other._id);

        const totalMinor = toMinor(target.total);
        const feeMinor = toMinor(target.platformFee);
        const refundMinor = Math.max(1, Math.floor((totalMinor * c.share) / 10_000));
        const request = await openReturn(
          deps(),
          { id: buyer.user.id, role: 'user' },
          {
            transactionId: target._id,
            reason: 'damaged',
            message: 'Broken.',
          },
        );
        await acceptReturn(
          deps(),
          { id: sellers[c.refunded]!.user.id, role: 'user' },
          {
            id: request._id,
            refund: refundMinor / 100,
            returnItem: false,
          },
        );
        await t.runJobs();
        if (!c.paidOutFirst) await payOut(target._id);
        await payOut(other._id);

        const ledger = await t.deps.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.orderId, order._id));
        const of = (id: string, kind: string) =>
          ledger.filter((e) => e.transactionId === id && e.kind === kind);
        const amount = (id: string, kind: string) => sum(of(id, kind).map((e) => e.amountMinor));

        // The other seller's part: no refund, no reversal, its whole share transferred.
        expect(of(other._id, 'refund')).toEqual([]);
        expect(of(other._id, 'reversal')).toEqual([]);
        expect(amount(other._id, 'transfer')).toBe(
          toMinor(other.total) - toMinor(other.platformFee),
        );

        // The refunded part: one refund of the accepted amount, never more than the part.
        const [refund] = of(target._id, 'refund');
        expect(of(target._id, 'refund')).toHaveLength(1);
        expect(refund!.amountMinor).toBe(refundMinor);
        expect(refund!.amountMinor).toBeLessThanOrEqual(totalMinor);
        // The fee share: fee × refund / total, rounded half up to the cent.
        const exact = (feeMinor * refundMinor) / totalMinor;
        expect(refund!.feeMinor).toBe(
          Math.floor((2 * feeMinor * refundMinor + totalMinor) / (2 * totalMinor)),
        );
        expect(feeShareReturned(feeMinor, refundMinor, totalMinor)).toBe(refund!.feeMinor);
        expect(Math.abs(refund!.feeMinor - exact)).toBeLessThanOrEqual(0.5);
        expect(refund!.feeMinor).toBeLessThanOrEqual(feeMinor);

        // What each side ends with.
        const charged = sum(ledger.filter((e) => e.kind === 'charge').map((e) => e.amountMinor));
        expect(charged).toBe(toMinor(order.grandTotal));
        const buyerPaid = charged - refundMinor;
        const sellerKeeps = (id: string) => amount(id, 'transfer') - amount(id, 'reversal');
        const platformKeeps =
          toMinor(target.platformFee) - refund!.feeMinor + toMinor(other.platformFee);
        expect(sellerKeeps(target._id)).toBe(
          totalMinor - feeMinor - (refundMinor - refund!.feeMinor),
        );
        expect(sellerKeeps(target._id)).toBeGreaterThanOrEqual(0);
        expect(sellerKeeps(target._id) + sellerKeeps(other._id) + platformKeeps).toBe(buyerPaid);
      }),
      { numRuns: 20 },
    );
    // Each run places, pays, ships and pays out an order: slower than a unit property.
  }, 240_000);
});
