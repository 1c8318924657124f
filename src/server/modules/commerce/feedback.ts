import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Feedback,
  feedbackListResponse,
  feedbackQuery,
  feedbackRequest,
} from '../../../shared/contracts/commerce';
import type { FeedbackType } from '../../../shared/contracts/commerce-rules';
import { imageOf } from '../../../shared/contracts/common';
import {
  feedbacks,
  orderItems,
  products,
  transactions,
  users,
  type FeedbackRow,
  type TransactionRow,
} from '../../db/schema';
import {
  announceCountsChange,
  conflict,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { hasPublicPage } from '../accounts';
import { orderNotFound, saleNotFound } from './lifecycle';

// Feedback is always about one sale (a transaction: one seller's part of an order): the buyer rates
// the seller (`order`), the seller rates the buyer (`transaction`), each once, after it shipped.
// It is public reputation: lists are open to anyone and carry names and avatars, never emails,
// addresses or the ids of orders, sales and buyers (docs/decisions/030, 051).

export type FeedbackInput = z.output<typeof feedbackRequest>;
export type FeedbackQuery = z.output<typeof feedbackQuery>;
export type FeedbackList = z.input<typeof feedbackListResponse>;

/** A feedback row with the seller of its sale and its author's public face (joined). */
type FeedbackWithParties = FeedbackRow & {
  sellerName: string;
  sellerUsername: string;
  authorShownName: string | null;
  authorThumbnail: string | null;
  authorFullsize: string | null;
  authorUsername: string | null;
};

/**
 * What a list reads: the feedback, its sale's seller, and the author as anyone may see them —
 * their current name and avatar, and their username only while they have a public page
 * (docs/decisions/051).
 */
const withParties = {
  feedback: feedbacks,
  sellerName: transactions.sellerName,
  sellerUsername: transactions.sellerUsername,
  authorShownName: users.name,
  authorThumbnail: users.imageThumbnail,
  authorFullsize: users.imageFullsize,
  authorUsername: sql<string | null>`case when ${hasPublicPage} then ${users.username} end`,
};

/**
 * Rows → the public wire shape, with each sale's items loaded in one query (no N+1): a post id
 * only while the post is public, so a list never names a draft or a withdrawn post.
 */
async function toFeedbacks(db: DbOrTx, rows: FeedbackWithParties[]): Promise<Feedback[]> {
  if (rows.length === 0) return [];
  const itemRows = await db
    .select({
      transactionId: orderItems.transactionId,
      productId: sql<
        string | null
      >`case when ${products.status} = 'published' and not ${products.sellerHidden} then ${products.id} end`,
      title: orderItems.title,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.transactionId,
        rows.map((r) => r.transactionId),
      ),
    )
    .orderBy(orderItems.id);
  const items = new Map<string, { productId: string | null; title: string }[]>();
  for (const { transactionId, ...item } of itemRows) {
    const list = items.get(transactionId) ?? [];
    list.push(item);
    items.set(transactionId, list);
  }
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    author: {
      name: r.authorShownName ?? r.authorName,
      image: imageOf(r.authorThumbnail, r.authorFullsize),
      username: r.authorUsername,
    },
    seller: { name: r.sellerName, username: r.sellerUsername },
    rating: r.rating,
    text: r.text,
    items: items.get(r.transactionId) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

const flatten = ({
  feedback,
  ...parties
}: {
  feedback: FeedbackRow;
} & Omit<FeedbackWithParties, keyof FeedbackRow>): FeedbackWithParties => ({
  ...feedback,
  ...parties,
});

/** Reads feedback rows with their parties (one statement). */
function selectWithParties(db: DbOrTx) {
  return db
    .select(withParties)
    .from(feedbacks)
    .innerJoin(transactions, eq(transactions.id, feedbacks.transactionId))
    .leftJoin(users, eq(users.id, feedbacks.authorId));
}

/**
 * The sale a feedback is about, if the actor is the party who may rate it. `order`: the buyer's
 * sale, by its id or by its order's id when that order has one seller; `transaction`: the
 * seller's sale by its id. Someone else's sale is not found (its existence is nobody's business).
 */
async function ratedSale(
  db: DbOrTx,
  actorId: string,
  type: FeedbackType,
  id: string,
): Promise<TransactionRow> {
  if (type === 'transaction') {
    const [part] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
    if (!part || part.sellerId !== actorId) throw saleNotFound();
    return part;
  }
  // Transaction ids and order ids are distinct UUIDs: one query finds either.
  const parts = await db
    .select()
    .from(transactions)
    .where(or(eq(transactions.id, id), eq(transactions.orderId, id)))
    .orderBy(transactions.sellerName, transactions.id);
  const mine = parts.filter((p) => p.buyerId === actorId);
  if (mine.length === 0 || mine.length !== parts.length) throw orderNotFound();
  const exact = mine.find((p) => p.id === id);
  if (exact) return exact;
  if (mine.length > 1) {
    const names = mine.map((p) => p.sellerName).join(', ');
    throw validationError(
      `This order has ${mine.length} sellers (${names}). Rate each seller on their own: send the id of that seller's part of the order.`,
      'VALIDATION_ERROR',
      mine.map((p) => ({ path: ['id'], message: `${p.sellerName}: ${p.id}` })),
    );
  }
  return mine[0]!;
}

function assertRateable(part: TransactionRow, type: FeedbackType) {
  if (part.status === 'shipped') return;
  if (part.status === 'cancelled')
    throw conflict('This sale was cancelled, so there is nothing to rate.', 'FEEDBACK_TOO_EARLY');
  throw conflict(
    type === 'order'
      ? 'You can rate the seller once they have shipped your order.'
      : 'You can rate the buyer once you have marked this sale shipped.',
    'FEEDBACK_TOO_EARLY',
  );
}

/**
 * POST /products/feedback. Only the party itself, only once the sale shipped, once per party per
 * sale: a second attempt — also one racing the first — is 409 (the unique index decides).
 * Announces a change of the rated member: their page shows the average rating.
 */
export async function leaveFeedback(
  deps: ModuleDeps,
  actorId: string,
  input: FeedbackInput,
): Promise<Feedback> {
  const part = await ratedSale(deps.db, actorId, input.type, input.id);
  assertRateable(part, input.type);
  const [author] = await deps.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, actorId))
    .limit(1);
  const subjectId = input.type === 'order' ? part.sellerId : part.buyerId;
  const [row] = await deps.db
    .insert(feedbacks)
    .values({
      type: input.type,
      transactionId: part.id,
      orderId: part.orderId,
      authorId: actorId,
      authorName: author?.name ?? (input.type === 'order' ? part.buyerName : part.sellerName),
      subjectId,
      rating: input.rating,
      text: input.text,
      createdAt: new Date(deps.now()),
    })
    .onConflictDoNothing({ target: [feedbacks.transactionId, feedbacks.type] })
    .returning();
  if (!row) {
    throw conflict(
      input.type === 'order'
        ? 'You have already rated this seller for this order.'
        : 'You have already rated the buyer of this sale.',
      'FEEDBACK_EXISTS',
    );
  }
  // The subject's rating and feedback count moved: a soft change.
  if (subjectId) announceCountsChange(deps, 'site', [subjectId]);
  const written = await selectWithParties(deps.db).where(eq(feedbacks.id, row.id));
  const [feedback] = await toFeedbacks(deps.db, written.map(flatten));
  return feedback!;
}

function listFilter(query: FeedbackQuery): SQL {
  const conditions: SQL[] = [eq(feedbacks.type, query.type)];
  if (query.userId) conditions.push(eq(feedbacks.subjectId, query.userId));
  if (query.authorId) conditions.push(eq(feedbacks.authorId, query.authorId));
  if (query.orderId) conditions.push(eq(feedbacks.orderId, query.orderId));
  if (query.productId) {
    conditions.push(
      inArray(
        feedbacks.transactionId,
        sql`(select ${orderItems.transactionId} from ${orderItems} where ${orderItems.productId} = ${query.productId})`,
      ),
    );
  }
  return and(...conditions)!;
}

/**
 * GET /feedbacks: feedback a member received (?userId=, type order: as a seller; transaction: as a
 * buyer), on sales of a post (?productId=), written by a member (?authorId=), on one order's
 * sales (?orderId=), or — without any of them — the marketplace's latest; newest first, a page at a time, with the count and the average
 * rating (one decimal; null when none) of everything that matches.
 */
export async function listFeedbacks(
  deps: Pick<ModuleDeps, 'db'>,
  query: FeedbackQuery,
): Promise<FeedbackList> {
  const where = listFilter(query);
  const [[totals], rows] = await Promise.all([
    deps.db
      .select({
        recordsCount: count(),
        average: sql<string | null>`round(avg(${feedbacks.rating}), 1)`,
      })
      .from(feedbacks)
      .where(where),
    selectWithParties(deps.db)
      .where(where)
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  const list = await toFeedbacks(deps.db, rows.map(flatten));
  return {
    feedbacks: list,
    recordsCount: totals?.recordsCount ?? 0,
    averageRating: totals?.average == null ? null : Number(totals.average),
  };
}
