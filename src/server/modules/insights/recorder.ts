import { eq, inArray, or, sql } from 'drizzle-orm';
import { parsePostSegment } from '../../../shared/post-path';
import { visitSource } from '../../../shared/visit-source';
import { products, siteLinks, sites, users } from '../../db/schema';
import { authenticateAccessToken, refreshTokenHolder } from '../accounts';
import type { ModuleDeps } from '../core';
import { batchFacts } from './batch-facts';
import { entrySources, type EntrySources } from './entry-sources';
import { viewQueue, type QueuedVisit } from './view-queue';
import { appendEvents, type InsightEvent } from './events';

// Page views and link clicks are the events of every visit, so they are recorded behind the
// answer (docs/decisions/071): the request only appends what it saw to this instance's queue —
// a cache hit never waits on a write — and a flush every second turns each batch into one
// insert, resolving whose page and which post in a few queries for the whole batch. What a
// visitor sent (address, user agent, cookies) lives only in that queue, for about a second.

/** What a page request saw, kept until the next flush. */
export interface SeenVisit {
  /** The router's path of the page (`/maya`, `/maya/vase-0a1b2c3d4e5f`, `/maya-x`), no query. */
  path: string;
  /** The query (`?src=ig`), or ''. */
  search: string;
  /** The host the page was asked of: a referrer from it is the seller's own page. */
  host: string;
  address: string;
  userAgent: string;
  referrer: string;
  /** The session cookies, read at the flush only to leave the seller's own visits out. */
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  at: number;
}

/** A counted click of a seller's link (the redirect already knows whose and left the owner out). */
export interface SeenClick {
  linkId: string;
  ownerId: string;
  postId: string | null;
  search: string;
  host: string;
  userAgent: string;
  referrer: string;
  at: number;
}

export interface EventRecorder {
  view(visit: SeenVisit): void;
  click(click: SeenClick): void;
  /** Writes what is queued (tests call it; the timer and closing do too). */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Events queued now, and dropped since start (the queue was full: the database away too long). */
  readonly stats: { queued: number; dropped: number };
}

export interface RecorderOptions {
  flushEveryMs?: number;
  /** A flush starts early when this many are queued. */
  batch?: number;
  /** Beyond this, new events are dropped (counted) until the database takes them again. */
  maxQueued?: number;
}

/** A page path's seller name and post, or null for a path that is no seller's page view. */
export function pageOfPath(
  path: string,
): { slug: string; post: ReturnType<typeof parsePostSegment> } | null {
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  const [, slug = '', second, third] = page.split('/');
  if (!slug) return null;
  let post: ReturnType<typeof parsePostSegment> = null;
  if (second === 'products' && third && !['tags', 'feedback'].includes(third))
    post = parsePostSegment(third);
  else if (second && second !== 'products') post = parsePostSegment(second);
  return { slug: decodeURIComponent(slug).toLowerCase(), post };
}

/** The seller each page name is: the exact username first, then `name-x` as the links page of `name`. */
async function ownersOf(deps: ModuleDeps, slugs: Set<string>): Promise<Map<string, string>> {
  const names = new Set(slugs);
  for (const s of slugs) if (s.endsWith('-x')) names.add(s.slice(0, -2));
  if (!names.size) return new Map();
  const rows = await deps.db
    .select({ id: users.id, name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, [...names]));
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const owners = new Map<string, string>();
  for (const s of slugs) {
    const id = byName.get(s) ?? (s.endsWith('-x') ? byName.get(s.slice(0, -2)) : undefined);
    if (id) owners.set(s, id);
  }
  return owners;
}

/** Posts by short id or id, with their owner (a post counts only on its owner's page). */
async function postsOf(deps: ModuleDeps, refs: NonNullable<ReturnType<typeof parsePostSegment>>[]) {
  const shortIds = [...new Set(refs.flatMap((r) => ('shortId' in r ? [r.shortId] : [])))];
  const ids = [...new Set(refs.flatMap((r) => ('uuid' in r ? [r.uuid] : [])))];
  if (!shortIds.length && !ids.length) return [];
  return deps.db
    .select({ id: products.id, shortId: products.shortId, ownerId: products.userId })
    .from(products)
    .where(
      or(
        shortIds.length ? inArray(products.shortId, shortIds) : undefined,
        ids.length ? inArray(products.id, ids) : undefined,
      ),
    );
}

/** The `?link=` ids that are links of the seller whose page carried them. */
async function linksOf(deps: ModuleDeps, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await deps.db
    .select({ id: siteLinks.id, ownerId: sites.userId })
    .from(siteLinks)
    .innerJoin(sites, eq(sites.id, siteLinks.siteId))
    .where(inArray(siteLinks.id, ids));
  return new Map(rows.map((r) => [r.id, r.ownerId]));
}

/** Who a visit's session cookies name (a signed-in seller on their own page is not counted). */
async function viewerOf(deps: ModuleDeps, visit: SeenVisit): Promise<string | null> {
  const user = visit.accessToken ? await authenticateAccessToken(deps, visit.accessToken) : null;
  if (user) return user.id;
  return visit.refreshToken ? refreshTokenHolder(deps, visit.refreshToken) : null;
}

/** viewerOf once per session in a batch (a member browsing sends the same cookies each page). */
function viewers(deps: ModuleDeps) {
  const seen = new Map<string, Promise<string | null>>();
  return (visit: SeenVisit) => {
    const key = `${visit.accessToken ?? ''} ${visit.refreshToken ?? ''}`;
    let found = seen.get(key);
    if (!found) seen.set(key, (found = viewerOf(deps, visit)));
    return found;
  };
}

const linkParam = (search: string) => {
  const id = new URLSearchParams(search).get('link')?.toLowerCase();
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
};

/** The events of a batch of page visits: whose page, which post and link, the visitor's hash. */
async function viewEvents(
  deps: ModuleDeps,
  visits: QueuedVisit[],
  entries: EntrySources,
): Promise<InsightEvent[]> {
  const pages = visits.map((v) => pageOfPath(v.path));
  const owners = await ownersOf(deps, new Set(pages.flatMap((p) => (p ? [p.slug] : []))));
  const posts = await postsOf(
    deps,
    pages.flatMap((p) => (p?.post ? [p.post] : [])),
  );
  const links = await linksOf(deps, [...new Set(visits.flatMap((v) => linkParam(v.search) ?? []))]);
  const viewer = viewers(deps);
  const facts = batchFacts(deps);
  const events: InsightEvent[] = [];
  for (const [i, visit] of visits.entries()) {
    const page = pages[i];
    const sellerId = page && owners.get(page.slug);
    if (!page || !sellerId) continue;
    if ((visit.accessToken || visit.refreshToken) && (await viewer(visit)) === sellerId) continue;
    const ref = page.post;
    const post = ref
      ? posts.find(
          (p) =>
            p.ownerId === sellerId &&
            ('shortId' in ref ? p.shortId === ref.shortId : p.id === ref.uuid),
        )
      : undefined;
    const linkId = linkParam(visit.search);
    const visitor = await facts.visitorOf(sellerId, visit);
    const seen = facts.sourceOf(visit);
    events.push({
      at: new Date(visit.at),
      times: visit.times,
      sellerId,
      kind: 'view',
      source: entries.sourceOf(visitor, seen.source, seen.inside),
      postId: post?.id ?? null,
      linkId: linkId && links.get(linkId) === sellerId ? linkId : null,
      visitor,
    });
  }
  return events;
}

const clickEvent = (c: SeenClick): InsightEvent => ({
  at: new Date(c.at),
  sellerId: c.ownerId,
  kind: 'click',
  source: visitSource({ ...c, ownHosts: [c.host.toLowerCase()] }),
  postId: c.postId,
  linkId: c.linkId,
});

/** This instance's queue of views and clicks, flushed in batches (see the top of this file). */
export function createEventRecorder(
  deps: ModuleDeps,
  options: RecorderOptions = {},
): EventRecorder {
  // A batch costs four statements whatever its size (its rows go as one JSON parameter): on the
  // embedded database they run on the thread that answers the pages, so a busy second is a few
  // large batches rather than many of 500.
  const { flushEveryMs = 1_000, batch = 5_000, maxQueued = 20_000 } = options;
  const visits = viewQueue();
  let clicks: SeenClick[] = [];
  let running: Promise<void> | null = null;
  const stats = { queued: 0, dropped: 0 };
  const entries = entrySources();
  const queued = () => visits.size + clicks.length;

  const accept = () => {
    if (queued() >= maxQueued) {
      stats.dropped++;
      return false;
    }
    return true;
  };

  async function writeOnce(): Promise<void> {
    const [v, c] = [visits.take(batch), clicks.splice(0, batch)];
    try {
      const events = [...(await viewEvents(deps, v, entries)), ...c.map(clickEvent)];
      await appendEvents(deps.db, events);
    } catch (err) {
      // The database blinked: the batch goes back to the front (as far as the queue has room).
      visits.putBack(v, maxQueued);
      clicks = [...c, ...clicks].slice(0, Math.max(0, maxQueued - visits.size));
      deps.log.warn({ err }, 'insights: events not written yet, kept for the next flush');
      throw err;
    }
  }

  /** Writes batches until the queue is empty; one flush at a time (a second waits for it, then goes on). */
  async function flush(): Promise<void> {
    while (running) await running.catch(() => {});
    if (!queued()) return;
    const run = (async () => {
      while (queued()) await writeOnce();
    })();
    running = run;
    try {
      await run;
    } finally {
      if (running === run) running = null;
      stats.queued = queued();
    }
  }

  const timer = setInterval(() => void flush().catch(() => {}), flushEveryMs);
  timer.unref();
  const soon = () => {
    stats.queued = queued();
    if (queued() >= batch) void flush().catch(() => {});
  };

  return {
    stats,
    view(visit) {
      visits.add(visit, accept);
      soon();
    },
    click(click) {
      if (accept()) clicks.push(click);
      soon();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch(() => {});
    },
  };
}
