import { and, count, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { codeKey, discountMinor } from '../../../shared/contracts/discount-rules';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import { discountCodes, discountRedemptions, type DiscountCodeRow } from '../../db/schema';
import type { PricedLine } from '../catalog';
import { conflict, notFound, nowDate, type DbOrTx, type ModuleDeps } from '../core';

// A buyer's discount code at checkout (issue 27, docs/decisions/073). The server alone decides:
// the code is found among the cart's sellers, its use is taken with a conditional UPDATE in the
// order's transaction (so N checkouts racing for its last use let exactly one through), the
// buyer's own uses are counted under the buyer's row lock that POST /orders already holds, and
// the discount is computed from the locked row's terms. Letting an unpaid order go gives it back.

/** What a code took off one seller's part. */
export interface AppliedDiscount {
  codeId: string;
  code: string;
  minor: number;
}

const unusable = (message: string) => conflict(message, 'DISCOUNT_CODE_UNUSABLE');

/** The cart sellers' codes by this name (no lock); refused when none of them has it. */
export async function findCartCodes(
  db: DbOrTx,
  sellerIds: string[],
  code: string,
): Promise<DiscountCodeRow[]> {
  const rows = sellerIds.length
    ? await db
        .select()
        .from(discountCodes)
        .where(
          and(
            inArray(discountCodes.sellerId, sellerIds),
            eq(sql`lower(${discountCodes.code})`, codeKey(code)),
          ),
        )
        .orderBy(discountCodes.id)
    : [];
  if (rows.length === 0)
    throw notFound(
      `No seller in your cart has the discount code “${code}”. Check the spelling, or remove it.`,
      'DISCOUNT_CODE_NOT_FOUND',
    );
  return rows;
}

/** Why a code's use could not be taken now, as a sentence naming it. */
function whyNot(row: DiscountCodeRow | undefined, typed: string, at: Date): string {
  const name = `The discount code “${row?.code ?? typed}”`;
  if (!row) return `${name} no longer exists.`;
  if (!row.active) return `${name} is not active.`;
  if (row.startsAt && row.startsAt > at)
    return `${name} can be used from ${formatDateTime(row.startsAt.toISOString())}.`;
  if (row.endsAt && row.endsAt <= at)
    return `${name} expired on ${formatDateTime(row.endsAt.toISOString())}.`;
  return `${name} has been used up.`;
}

/**
 * Inside the order's transaction (the buyer's row already locked, the posts' not yet): takes one
 * use of each code and answers the codes' rows as locked; refuses with a sentence saying why a
 * code cannot be used. Codes are taken in id order, so two checkouts never wait on each other
 * crosswise. `{ take: false }` (POST /discounts/preview) asks the very same question without
 * taking a use or a lock: the row must pass the same condition, and the buyer's own uses are
 * counted the same way, so the preview refuses with the same sentence placing would.
 */
export async function redeemCodes(
  tx: ModuleDeps,
  buyerId: string,
  codes: readonly DiscountCodeRow[],
  { take = true }: { take?: boolean } = {},
): Promise<DiscountCodeRow[]> {
  const taken: DiscountCodeRow[] = [];
  const at = nowDate(tx);
  for (const found of codes) {
    const usable = and(
      eq(discountCodes.id, found.id),
      eq(discountCodes.active, true),
      or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, at)),
      or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, at)),
      or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses)),
    );
    const [row] = take
      ? await tx.db
          .update(discountCodes)
          .set({ uses: sql`${discountCodes.uses} + 1` })
          .where(usable)
          .returning()
      : await tx.db.select().from(discountCodes).where(usable);
    if (!row) {
      const [now] = await tx.db.select().from(discountCodes).where(eq(discountCodes.id, found.id));
      throw unusable(whyNot(now, found.code, at));
    }
    const name = `the discount code “${row.code}”`;
    if (row.maxUsesPerBuyer !== null) {
      const [mine] = await tx.db
        .select({ n: count() })
        .from(discountRedemptions)
        .where(
          and(eq(discountRedemptions.codeId, row.id), eq(discountRedemptions.buyerId, buyerId)),
        );
      if (mine!.n >= row.maxUsesPerBuyer)
        throw unusable(
          `You have already used ${name} ${mine!.n === 1 ? 'once' : `${mine!.n} times`}: each buyer can use it ${row.maxUsesPerBuyer === 1 ? 'once' : `${row.maxUsesPerBuyer} times`}.`,
        );
    }
    taken.push(row);
  }
  return taken;
}

/**
 * What each taken code takes off its seller's part of `priced` (seller id → discount), by the
 * locked row's terms; refused when the part is under the code's minimum or holds none of its posts.
 */
export function discountsFor(
  deps: Pick<ModuleDeps, 'env'>,
  taken: readonly DiscountCodeRow[],
  priced: readonly (PricedLine & { offered?: boolean })[],
): Map<string, AppliedDiscount> {
  const applied = new Map<string, AppliedDiscount>();
  for (const row of taken) {
    const name = `the discount code “${row.code}”`;
    const lines = priced.filter((l) => l.sellerId === row.sellerId);
    const sum = (ls: readonly PricedLine[]) => ls.reduce((a, l) => a + l.priceMinor * l.amount, 0);
    const subtotal = sum(lines);
    if (subtotal < row.minOrderMinor) {
      const min = formatMoney(toMajor(row.minOrderMinor), deps.env.CURRENCY);
      const seller = lines[0]?.sellerName ?? 'this seller';
      throw unusable(`To use ${name}, buy at least ${min} from ${seller}.`);
    }
    const named =
      row.scope === 'shop' ? lines : lines.filter((l) => row.postIds.includes(l.productId));
    // A line an accepted offer prices is already the seller's special price: no code on top.
    const eligible = sum(named.filter((l) => !l.offered));
    const Name = `${name[0]!.toUpperCase()}${name.slice(1)}`;
    if (eligible === 0)
      throw unusable(
        named.length
          ? `${Name} does not apply to an item bought at an offer’s price.`
          : `${Name} applies to none of the items in your cart.`,
      );
    applied.set(row.sellerId, {
      codeId: row.id,
      code: row.code,
      minor: discountMinor(row, eligible),
    });
  }
  return applied;
}

/** Records who used which code on which part (what the per-buyer limit and the give-back read). */
export async function recordRedemptions(
  tx: ModuleDeps,
  buyerId: string,
  orderId: string,
  parts: readonly { id: string; sellerId: string | null }[],
  applied: ReadonlyMap<string, AppliedDiscount>,
): Promise<void> {
  const rows = parts.flatMap((p) => {
    const used = p.sellerId ? applied.get(p.sellerId) : undefined;
    return used
      ? [{ codeId: used.codeId, buyerId, orderId, transactionId: p.id, createdAt: nowDate(tx) }]
      : [];
  });
  if (rows.length) await tx.db.insert(discountRedemptions).values(rows);
}

/** Inside the release of an unpaid order: each code it used gets its use back. */
export async function giveBackCodes(tx: ModuleDeps, orderId: string): Promise<void> {
  const gone = await tx.db
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ codeId: discountRedemptions.codeId });
  for (const { codeId } of gone)
    await tx.db
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, codeId));
}
