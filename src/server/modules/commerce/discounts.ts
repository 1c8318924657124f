import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isSeller } from '../../../shared/contracts/account-rules';
import type { Discount, DiscountValues } from '../../../shared/contracts/discounts';
import { codeKey, DISCOUNT_LIMITS } from '../../../shared/contracts/discount-rules';
import { toMajor, toMinor } from '../../../shared/money';
import { discountCodes, products, users, type DiscountCodeRow } from '../../db/schema';
import {
  conflict,
  forbidden,
  inTransaction,
  notFound,
  nowDate,
  uniqueViolation,
  validationError,
  type ModuleDeps,
} from '../core';

// A seller's discount codes: GET/PUT/DELETE /discounts (issue 27, docs/decisions/073). Codes are
// unique per seller whatever their case; a code's uses are only ever changed by checkouts.

const discountNotFound = () =>
  notFound('This discount code could not be found among yours.', 'DISCOUNT_NOT_FOUND');
const codeTaken = (code: string) =>
  conflict(
    `You already have a code “${code}” (codes ignore upper and lower case): choose another.`,
    'DISCOUNT_CODE_TAKEN',
  );

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stateOf(row: DiscountCodeRow, at: Date): Discount['state'] {
  if (!row.active) return 'inactive';
  if (row.endsAt && row.endsAt <= at) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  if (row.startsAt && row.startsAt > at) return 'scheduled';
  return 'active';
}

export const toDiscount = (row: DiscountCodeRow, at: Date): Discount => ({
  _id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.kind === 'percent' ? row.value : toMajor(row.value),
  scope: row.scope,
  postIds: row.postIds,
  minOrder: toMajor(row.minOrderMinor),
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  maxUses: row.maxUses,
  maxUsesPerBuyer: row.maxUsesPerBuyer,
  uses: row.uses,
  active: row.active,
  state: stateOf(row, at),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /discounts: the caller's codes, newest first. */
export async function listDiscounts(
  deps: ModuleDeps,
  sellerId: string,
): Promise<{ discounts: Discount[] }> {
  const rows = await deps.db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.sellerId, sellerId))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  const at = nowDate(deps);
  return { discounts: rows.map((r) => toDiscount(r, at)) };
}

async function refuseNonSeller(deps: ModuleDeps, userId: string) {
  const [me] = await deps.db
    .select({ accountType: users.accountType })
    .from(users)
    .where(eq(users.id, userId));
  if (!me || !isSeller(me.accountType))
    throw forbidden('Discount codes are for sellers: switch your account to selling first.');
}

/** The posts named must be the seller's own (deleted or someone else's are refused). */
async function refuseForeignPosts(deps: ModuleDeps, sellerId: string, postIds: string[]) {
  if (postIds.length === 0) return;
  const own = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.userId, sellerId), inArray(products.id, postIds)));
  if (own.length !== new Set(postIds).size)
    throw validationError('Choose posts of your own for this code.', 'VALIDATION_ERROR', [
      { path: ['postIds'], message: 'Choose posts of your own for this code.' },
    ]);
}

/** PUT /discounts: creates a code, or updates one of the caller's (`_id`). */
export async function saveDiscount(
  deps: ModuleDeps,
  sellerId: string,
  input: DiscountValues,
): Promise<{ discount: Discount }> {
  await refuseNonSeller(deps, sellerId);
  const postIds =
    input.scope === 'posts' ? [...new Set(input.postIds.map((id) => id.toLowerCase()))] : [];
  await refuseForeignPosts(deps, sellerId, postIds);
  const at = nowDate(deps);
  const values = {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'percent' ? input.value : toMinor(input.value),
    scope: input.scope,
    postIds,
    minOrderMinor: toMinor(input.minOrder),
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    maxUses: input.maxUses ?? null,
    maxUsesPerBuyer: input.maxUsesPerBuyer ?? null,
    active: input.active,
    updatedAt: at,
  };
  try {
    const row = await inTransaction(deps, async (tx) => {
      const id = input._id?.toLowerCase();
      const [same] = await tx.db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(
          and(
            eq(discountCodes.sellerId, sellerId),
            eq(sql`lower(${discountCodes.code})`, codeKey(input.code)),
            ...(id ? [ne(discountCodes.id, id)] : []),
          ),
        )
        .limit(1);
      if (same) throw codeTaken(input.code);
      if (id) {
        const [updated] = await tx.db
          .update(discountCodes)
          .set(values)
          .where(and(eq(discountCodes.id, id), eq(discountCodes.sellerId, sellerId)))
          .returning();
        if (!updated) throw discountNotFound();
        return updated;
      }
      const [mine] = await tx.db
        .select({ n: count() })
        .from(discountCodes)
        .where(eq(discountCodes.sellerId, sellerId));
      if (mine!.n >= DISCOUNT_LIMITS.codesMax)
        throw conflict(
          `You can keep at most ${DISCOUNT_LIMITS.codesMax} codes: delete one you no longer use.`,
        );
      const [created] = await tx.db
        .insert(discountCodes)
        .values({ ...values, sellerId, createdAt: at })
        .returning();
      return created!;
    });
    return { discount: toDiscount(row, at) };
  } catch (err) {
    // Two saves of the same new code at once: the unique index lets one through.
    if (uniqueViolation(err)) throw codeTaken(input.code);
    throw err;
  }
}

/** DELETE /discounts?id=: orders that used it keep their copy of the code and discount. */
export async function deleteDiscount(
  deps: ModuleDeps,
  sellerId: string,
  id: string,
): Promise<{ _id: string }> {
  const [gone] = await deps.db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, id.toLowerCase()), eq(discountCodes.sellerId, sellerId)))
    .returning({ id: discountCodes.id });
  if (!gone) throw discountNotFound();
  return { _id: gone.id };
}
