import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  QueueComment,
  QueueItem,
  QueueReport,
  QueueResponse,
  queueQuery,
} from '../../../shared/contracts/moderation';
import type { ReportTarget } from '../../../shared/contracts/social-rules';
import { comments, products, reports, returnRequests, users } from '../../db/schema';
import { escalatedReturns, type Reader } from '../commerce';
import type { DbOrTx, ModuleDeps } from '../core';
import { describeTargets, peopleByIds } from './targets';

type Query = z.output<typeof queueQuery>;
type Kind = QueueItem['kind'];

/** Pending comments of active members: what waits for a moderator's yes or no. */
function pendingComments(db: DbOrTx) {
  return db
    .select({
      kind: sql<Kind>`'comment'`.as('kind'),
      id: comments.id,
      createdAt: comments.createdAt,
      targetType: sql<ReportTarget | null>`null::text`.as('target_type'),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.status, 'pending'), eq(users.status, 'active')));
}

/** Open reports, one row per reported thing: its oldest report (the one decided through) and time. */
function openReportGroups(db: DbOrTx) {
  return db
    .select({
      kind: sql<Kind>`'report'`.as('kind'),
      id: sql<string>`(array_agg(${reports.id} order by ${reports.createdAt}, ${reports.id}))[1]`.as(
        'id',
      ),
      createdAt: sql<Date>`min(${reports.createdAt})`.as('created_at'),
      targetType: sql<ReportTarget | null>`${reports.targetType}`.as('target_type'),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId);
}

/**
 * Refund requests a buyer sent to moderation (ADR 074), in the queue from when they were sent. The
 * commerce module owns them; the queue only reads which wait, and asks commerce how to show them.
 */
function escalatedReturnRows(db: DbOrTx) {
  return db
    .select({
      kind: sql<Kind>`'return'`.as('kind'),
      id: returnRequests.id,
      createdAt: sql<Date>`${returnRequests.escalatedAt}`.as('created_at'),
      targetType: sql<ReportTarget | null>`null::text`.as('target_type'),
    })
    .from(returnRequests)
    .where(and(eq(returnRequests.status, 'escalated'), isNotNull(returnRequests.escalatedAt)));
}

function itemsOf(db: DbOrTx, kind: Query['kind']) {
  if (kind === 'comments') return pendingComments(db);
  if (kind === 'reports') return openReportGroups(db);
  if (kind === 'returns') return escalatedReturnRows(db);
  return unionAll(pendingComments(db), openReportGroups(db), escalatedReturnRows(db));
}

/**
 * GET /moderation/queue: one list, oldest first, of the comments waiting for review, the open
 * reports — grouped per reported thing with how many reports, their reasons and reporters, and
 * what the thing is and who wrote it — and the refund requests sent to moderation.
 */
export async function listQueue(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'env'>,
  moderator: Reader,
  query: Query,
): Promise<QueueResponse> {
  const { db } = deps;
  const items = itemsOf(db, query.kind).as('items');
  const [page, [total]] = await Promise.all([
    db
      .select()
      .from(items)
      .orderBy(asc(items.createdAt), asc(items.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(items),
  ]);

  const commentIds = page.filter((i) => i.kind === 'comment').map((i) => i.id);
  const reportIds = page.filter((i) => i.kind === 'report').map((i) => i.id);
  const returnIds = page.filter((i) => i.kind === 'return').map((i) => i.id);
  const [commentItems, reportItems, returnItems] = await Promise.all([
    commentDetails(db, commentIds),
    reportDetails(db, reportIds),
    escalatedReturns(deps, moderator, returnIds),
  ]);
  const out: QueueItem[] = [];
  for (const item of page) {
    let detail: QueueItem | undefined;
    if (item.kind === 'comment') detail = commentItems.get(item.id);
    else if (item.kind === 'report') detail = reportItems.get(item.id);
    else {
      const returnRequest = returnItems.get(item.id);
      if (returnRequest)
        detail = {
          kind: 'return',
          _id: item.id,
          createdAt: returnRequest.escalatedAt ?? returnRequest.createdAt,
          returnRequest,
        };
    }
    // Decided between the two reads: it simply leaves this page.
    if (detail) out.push(detail);
  }
  return { items: out, recordsCount: total?.n ?? 0 };
}

async function commentDetails(db: DbOrTx, ids: string[]): Promise<Map<string, QueueComment>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: comments.id,
      text: comments.text,
      replyTo: comments.replyTo,
      createdAt: comments.createdAt,
      status: comments.status,
      productId: products.id,
      title: products.title,
      authorId: users.id,
      authorUsername: users.username,
      authorName: users.name,
    })
    .from(comments)
    .innerJoin(products, eq(products.id, comments.productId))
    .innerJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.id, ids));
  return new Map(
    rows
      .filter((r) => r.status === 'pending')
      .map((r) => [
        r.id,
        {
          kind: 'comment',
          _id: r.id,
          createdAt: r.createdAt.toISOString(),
          text: r.text,
          replyTo: r.replyTo,
          post: { _id: r.productId, title: r.title || 'Untitled post' },
          author: { _id: r.authorId, username: r.authorUsername, name: r.authorName },
        },
      ]),
  );
}

/** At most this many reasons and reporters are listed per reported thing (the count says all). */
const REASONS_SHOWN = 10;

async function reportDetails(db: DbOrTx, firstIds: string[]): Promise<Map<string, QueueReport>> {
  if (firstIds.length === 0) return new Map();
  const firsts = await db.select().from(reports).where(inArray(reports.id, firstIds));
  const targets = firsts.map((r) => ({ type: r.targetType, id: r.targetId }));
  const all = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        inArray(
          reports.targetId,
          targets.map((t) => t.id),
        ),
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const views = await describeTargets(db, targets);
  const people = await peopleByIds(db, [
    ...all.flatMap((r) => (r.reporterId ? [r.reporterId] : [])),
    ...[...views.values()].flatMap((v) => (v.authorId ? [v.authorId] : [])),
    ...firsts.flatMap((r) => (r.targetUserId ? [r.targetUserId] : [])),
  ]);
  const person = (id: string | null) => {
    const p = id ? people.get(id) : undefined;
    return p ? { _id: p._id, username: p.username, name: p.name } : null;
  };
  const out = new Map<string, QueueReport>();
  for (const first of firsts) {
    if (first.status !== 'open') continue;
    const group = all.filter(
      (r) => r.targetType === first.targetType && r.targetId === first.targetId,
    );
    const view = views.get(`${first.targetType}:${first.targetId}`)!;
    const authorId = view.authorId ?? first.targetUserId;
    out.set(first.id, {
      kind: 'report',
      _id: first.id,
      createdAt: first.createdAt.toISOString(),
      targetType: first.targetType,
      targetId: first.targetId,
      reportCount: group.length,
      reasons: group.slice(0, REASONS_SHOWN).map((r) => r.reason),
      reporters: group.slice(0, REASONS_SHOWN).map((r) => person(r.reporterId)),
      target: {
        exists: view.exists,
        excerpt: view.excerpt,
        href: view.href,
        author: person(authorId),
        authorSuspended: authorId ? (people.get(authorId)?.suspended ?? false) : false,
      },
    });
  }
  return out;
}
