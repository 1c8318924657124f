import { inArray, sql } from 'drizzle-orm';
import { products, users, type ProductRow, type StoredVariation } from '../../db/schema';
import { conflict, validationError, type DbOrTx, type ModuleDeps } from '../core';
import { announceLikedPostChange } from '../notifications';
import { chosenOptions } from './options';

/**
 * What commerce asks of the catalogue: the price of a cart line as it stands, and stock that is
 * reserved for an order and given back when the order is cancelled. A line takes units from the
 * post's stock and, for every chosen option that keeps its own stock, from that option too.
 */
export interface StockLine {
  productId: string;
  amount: number;
  selectedVariations: Record<string, string>;
}

export type LineProblem = 'unavailable' | 'own_post' | 'variation' | 'stock';

/** A cart line priced from the database (money in minor units). */
export interface PricedLine extends StockLine {
  /** Null when the post no longer exists. */
  title: string | null;
  image: string | null;
  /** Unit price with the chosen options' price changes. */
  priceMinor: number;
  shippingMinor: number;
  /** Units that can be bought now (0 when unavailable). */
  available: number;
  sellerId: string | null;
  sellerName: string | null;
  sellerUsername: string | null;
  problem: LineProblem | null;
  /** Human wording of `problem`, naming the item. */
  problemMessage: string | null;
}

type Row = Pick<
  ProductRow,
  | 'id'
  | 'userId'
  | 'title'
  | 'priceMinor'
  | 'shippingMinor'
  | 'stock'
  | 'status'
  | 'variations'
  | 'medias'
  | 'sellerHidden'
> & { sellerName: string; sellerUsername: string; sellerStatus: string };

const columns = {
  id: products.id,
  userId: products.userId,
  title: products.title,
  priceMinor: products.priceMinor,
  shippingMinor: products.shippingMinor,
  stock: products.stock,
  status: products.status,
  variations: products.variations,
  medias: products.medias,
  sellerHidden: products.sellerHidden,
  sellerName: users.name,
  sellerUsername: users.username,
  sellerStatus: users.status,
};

async function loadRows(db: DbOrTx, ids: string[], lock: boolean): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select(columns)
    .from(products)
    .innerJoin(users, sql`${users.id} = ${products.userId}`)
    .where(inArray(products.id, ids))
    .orderBy(products.id);
  // Locks are taken in id order, so two orders for the same posts never deadlock.
  const rows = lock ? await query.for('update', { of: products }) : await query;
  return new Map(rows.map((r) => [r.id, r as Row]));
}

/** What a line of a post that cannot be bought says: the same for every reason, naming nothing. */
export const UNAVAILABLE = 'An item in your cart is no longer available.';

function priceLine(
  row: Row | undefined,
  line: StockLine,
  buyerId: string | null,
  used: Map<string, number>,
): PricedLine {
  // A post nobody may buy — unknown, draft, archived, deleted, or its seller suspended — is
  // answered exactly like an unknown id: no title, image, price or seller (docs/decisions/051).
  if (!row || row.status !== 'published' || row.sellerHidden || row.sellerStatus !== 'active') {
    return {
      ...line,
      title: null,
      image: null,
      priceMinor: 0,
      shippingMinor: 0,
      available: 0,
      sellerId: null,
      sellerName: null,
      sellerUsername: null,
      problem: 'unavailable',
      problemMessage: UNAVAILABLE,
    };
  }
  const base: PricedLine = {
    ...line,
    title: row.title,
    image: row.medias.find((m) => m.type === 'image')?.thumbnails[0]?.url ?? null,
    priceMinor: row.priceMinor,
    shippingMinor: row.shippingMinor,
    available: 0,
    sellerId: row.userId,
    sellerName: row.sellerName,
    sellerUsername: row.sellerUsername,
    problem: null,
    problemMessage: null,
  };
  const name = `“${row.title}”`;
  const fail = (problem: LineProblem, problemMessage: string): PricedLine => ({
    ...base,
    problem,
    problemMessage,
  });
  if (buyerId && row.userId === buyerId)
    return fail('own_post', `${name} is your own post: you cannot buy it.`);
  const chosen = chosenOptions(row.variations, line.selectedVariations);
  if (!chosen) return fail('variation', `Choose one of the available options of ${name}.`);
  let price = row.priceMinor;
  // Units of this post (and of each option) already taken by earlier lines of the same cart.
  let available = row.stock - (used.get(row.id) ?? 0);
  for (const { variation, option } of chosen) {
    const o = row.variations[variation]!.options[option]!;
    price += o.priceDeltaMinor;
    if (o.stock !== null)
      available = Math.min(
        available,
        o.stock - (used.get(`${row.id}/${variation}/${option}`) ?? 0),
      );
  }
  available = Math.max(0, available);
  const priced = { ...base, priceMinor: Math.max(0, price), available };
  if (available < line.amount) {
    return {
      ...priced,
      problem: 'stock',
      problemMessage:
        available === 0
          ? `${name} is sold out.`
          : `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} left.`,
    };
  }
  used.set(row.id, (used.get(row.id) ?? 0) + line.amount);
  for (const { variation, option } of chosen) {
    const key = `${row.id}/${variation}/${option}`;
    used.set(key, (used.get(key) ?? 0) + line.amount);
  }
  return priced;
}

/** Prices the lines as they stand now, without reserving anything (the cart refresh). */
export async function quoteLines(
  db: DbOrTx,
  buyerId: string | null,
  lines: StockLine[],
): Promise<PricedLine[]> {
  const rows = await loadRows(db, [...new Set(lines.map((l) => l.productId))], false);
  const used = new Map<string, number>();
  return lines.map((l) => priceLine(rows.get(l.productId), l, buyerId, used));
}

/** Throws the refusal of the first line that cannot be bought as asked: 400, or 409 for stock. */
export function refuseProblemLines(priced: PricedLine[]): void {
  const bad = priced.find((p) => p.problem);
  if (!bad) return;
  if (bad.problem === 'stock') throw conflict(bad.problemMessage!, 'OUT_OF_STOCK');
  throw validationError(bad.problemMessage!, 'ITEM_UNAVAILABLE');
}

/**
 * Inside the caller's transaction: locks the posts, prices every line and takes its units from
 * stock. Any line that cannot be bought as asked fails the whole call (nothing is taken): unknown,
 * unpublished or own posts and unknown options are 400, too little stock is 409. The posts stay
 * locked until the caller commits: placing an order uses it only when `takeQuotedStock` found the
 * posts changed since they were priced (docs/decisions/047).
 */
export async function reserveStock(
  deps: Pick<ModuleDeps, 'db'>,
  buyerId: string,
  lines: StockLine[],
): Promise<PricedLine[]> {
  const rows = await loadRows(deps.db, [...new Set(lines.map((l) => l.productId))], true);
  const used = new Map<string, number>();
  const priced = lines.map((l) => priceLine(rows.get(l.productId), l, buyerId, used));
  refuseProblemLines(priced);
  await applyStock(deps.db, rows, lines, -1);
  return priced;
}

/**
 * Inside the caller's transaction, as late as possible (its last write before commit): takes the
 * units of lines priced by `quoteLines` without a lock, and only if the posts still sell them as
 * priced. A post without options is one conditional UPDATE (stock, price, shipping and
 * availability checked in its WHERE), so its row is locked from that statement to the commit
 * only; a post with options is locked, priced again and changed (its option stock lives in JSON).
 * Posts are taken in id order, so two orders never deadlock. False when a post changed since the
 * quote (sold out meanwhile, repriced, unpublished): the caller rolls back and, to learn exactly
 * why, orders again with `reserveStock`.
 */
export async function takeQuotedStock(
  db: DbOrTx,
  buyerId: string,
  lines: StockLine[],
  priced: PricedLine[],
): Promise<boolean> {
  const byPost = new Map<string, number[]>();
  for (const [i, line] of lines.entries())
    byPost.set(line.productId, [...(byPost.get(line.productId) ?? []), i]);
  for (const id of [...byPost.keys()].sort()) {
    const at = byPost.get(id)!;
    // A priced line without chosen options is a post without options (priceLine requires a
    // choice for every option the post has).
    const plain = at.every((i) => Object.keys(lines[i]!.selectedVariations).length === 0);
    if (plain) {
      const first = priced[at[0]!]!;
      const amount = at.reduce((sum, i) => sum + lines[i]!.amount, 0);
      const taken = await db
        .update(products)
        .set({ stock: sql`stock - ${amount}` })
        .where(
          sql`id = ${id} and stock >= ${amount} and status = 'published' and not seller_hidden
              and price_minor = ${first.priceMinor} and shipping_minor = ${first.shippingMinor}
              and variations = '[]'::jsonb
              and exists (select 1 from users u where u.id = products.user_id and u.status = 'active')`,
        )
        .returning({ id: products.id });
      if (taken.length !== 1) return false;
      continue;
    }
    const rows = await loadRows(db, [id], true);
    const used = new Map<string, number>();
    const again = at.map((i) => priceLine(rows.get(id), lines[i]!, buyerId, used));
    const same = again.every(
      (p, k) =>
        !p.problem &&
        p.priceMinor === priced[at[k]!]!.priceMinor &&
        p.shippingMinor === priced[at[k]!]!.shippingMinor,
    );
    if (!same) return false;
    await applyStock(
      db,
      rows,
      at.map((i) => lines[i]!),
      -1,
    );
  }
  return true;
}

/** Gives reserved units back (an order cancelled or expired): posts or options since removed are skipped. */
export async function restoreStock(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  lines: StockLine[],
): Promise<void> {
  const rows = await loadRows(deps.db, [...new Set(lines.map((l) => l.productId))], true);
  const restored = await applyStock(deps.db, rows, lines, 1);
  // A sold-out post with units back (an order let go) is news to those who rang its bell.
  for (const id of restored) {
    const row = rows.get(id)!;
    if (row.stock === 0 && row.status === 'published')
      await announceLikedPostChange(deps, id, 'back_in_stock', row.priceMinor);
  }
}

/** Moves the stock of the lines' posts; the ids of the posts whose stock is now above 0. */
async function applyStock(
  db: DbOrTx,
  rows: Map<string, Row>,
  lines: StockLine[],
  sign: 1 | -1,
): Promise<string[]> {
  const changes = new Map<string, { stock: number; variations: StoredVariation[] }>();
  for (const line of lines) {
    const row = rows.get(line.productId);
    if (!row) continue;
    const current = changes.get(row.id) ?? {
      stock: row.stock,
      variations: structuredClone(row.variations),
    };
    current.stock = Math.max(0, current.stock + sign * line.amount);
    for (const v of current.variations) {
      const o = v.options.find((opt) => opt.name === line.selectedVariations[v.name]);
      if (o && o.stock !== null) o.stock = Math.max(0, o.stock + sign * line.amount);
    }
    changes.set(row.id, current);
  }
  for (const [id, change] of changes) {
    await db
      .update(products)
      .set({ stock: change.stock, variations: change.variations })
      .where(sql`${products.id} = ${id}`);
  }
  return [...changes].flatMap(([id, change]) => (change.stock > 0 ? [id] : []));
}
