import { QUEUE_KINDS, type QueueKind } from '../../../shared/contracts/moderation-rules';

/** The /moderation page's query: which tab, which part of the queue, which page. */
export interface ModerationQuery {
  tab: 'queue' | 'decisions';
  kind: QueueKind;
  page: number;
  limit: number;
}

export const MODERATION_PAGE_SIZE = 20;

/** Reads tab, kind and page from the page's URL, zod-free; bad values fall back to defaults. */
export function moderationQueryFromUrl(url: URL): ModerationQuery {
  const p = url.searchParams;
  const page = Number(p.get('page'));
  const kind = p.get('kind');
  return {
    tab: p.get('tab') === 'decisions' ? 'decisions' : 'queue',
    kind: (QUEUE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as QueueKind) : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    limit: MODERATION_PAGE_SIZE,
  };
}

/** "Mar 12, 2025, 2:05 PM UTC": the same on the server and in the browser. */
export { formatDateTime as formatTime } from '../../../shared/format';
