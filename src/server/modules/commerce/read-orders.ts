import { and, asc, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { isAdminRole } from '../../../shared/contracts/account-rules';
import type { Order, Transaction } from '../../../shared/contracts/commerce';
import type { OrderStatus, TransactionStatus } from '../../../shared/contracts/commerce-rules';
import { orders, transactions } from '../../db/schema';
import { forbidden, type ModuleDeps } from '../core';
import { orderNotFound, saleNotFound } from './lifecycle';
import { ordersWithParts, transactionsWithParts } from './rows';

// GET /orders (a buyer's purchases) and GET /transactions (a seller's sales), as lists or one by
// id (SPEC §7; docs/decisions/028). Lists are one count, one page of rows and the batch loads of
// their parts (rows.ts): a fixed number of queries whatever the page size.
//
// Who sees what: a member reads their own records; admins read anyone's. Asking for another
// member's list by `userId` is refused (403: the caller named someone else on purpose); asking for
// another member's order or sale by id answers 404, as for an id that does not exist, so ids of
// other people's records cannot be probed.

export interface Reader {
  id: string;
  role: string;
}

interface ListQuery<S> {
  userId?: string;
  id?: string;
  page: number;
  limit: number;
  /** 1 oldest first, -1 newest first (SPEC §4). */
  sort: number;
  status?: S;
}

/** Whose list is read: the caller's unless an admin names someone else. */
function listOwner(reader: Reader, userId: string | undefined): string {
  const owner = (userId ?? reader.id).toLowerCase();
  if (owner !== reader.id.toLowerCase() && !isAdminRole(reader.role)) {
    throw forbidden('You can only see your own orders and sales.', 'NOT_OWNER');
  }
  return owner;
}

/** GET /orders: my purchases, or one of them by id. */
export async function readOrders(
  deps: Pick<ModuleDeps, 'db'>,
  reader: Reader,
  query: ListQuery<OrderStatus>,
): Promise<{ order: Order } | { orders: Order[]; recordsCount: number }> {
  const db = deps.db;
  if (query.id) {
    const [row] = await db.select().from(orders).where(eq(orders.id, query.id)).limit(1);
    if (!row || (row.buyerId !== reader.id && !isAdminRole(reader.role))) throw orderNotFound();
    const [order] = await ordersWithParts(db, [row]);
    return { order: order! };
  }
  const where = and(
    eq(orders.buyerId, listOwner(reader, query.userId)),
    query.status ? eq(orders.status, query.status) : undefined,
  );
  const direction = query.sort === 1 ? asc : desc;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(direction(orders.createdAt), direction(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  return { orders: await ordersWithParts(db, rows), recordsCount: total?.n ?? 0 };
}

/**
 * Only paid orders make sales: a checkout that was never paid (still open, or expired) is not
 * the seller's business, and its buyer's address is not shown to them.
 */
const sold: SQL = isNotNull(orders.paidAt);

/** GET /transactions: my sales (as the seller), or one of them by id. */
export async function readSales(
  deps: Pick<ModuleDeps, 'db'>,
  reader: Reader,
  query: ListQuery<TransactionStatus>,
): Promise<{ transaction: Transaction } | { transactions: Transaction[]; recordsCount: number }> {
  const db = deps.db;
  if (query.id) {
    const [row] = await db
      .select({ sale: transactions, paidAt: orders.paidAt })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(eq(transactions.id, query.id))
      .limit(1);
    const mine = row?.sale.sellerId === reader.id && row.paidAt !== null;
    if (!row || (!mine && !isAdminRole(reader.role))) throw saleNotFound();
    const [sale] = await transactionsWithParts(db, [row.sale]);
    return { transaction: sale! };
  }
  const where = and(
    eq(transactions.sellerId, listOwner(reader, query.userId)),
    sold,
    query.status ? eq(transactions.status, query.status) : undefined,
  );
  const direction = query.sort === 1 ? asc : desc;
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(where),
    db
      .select({ sale: transactions })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(where)
      .orderBy(direction(transactions.createdAt), direction(transactions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  return {
    transactions: await transactionsWithParts(
      db,
      rows.map((r) => r.sale),
    ),
    recordsCount: total?.n ?? 0,
  };
}
