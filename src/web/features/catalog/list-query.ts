import {
  PRODUCT_LIMITS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductSort,
  type ProductStatus,
} from '../../../shared/contracts/catalog-rules';

/** A list page's query as read from its URL: never invalid (bad values fall back to defaults). */
export interface ListQuery {
  page: number;
  sort: ProductSort;
  limit: number;
  tag?: string;
  status?: ProductStatus;
  q?: string;
}

/** Cards per page: a multiple of 2, 3 and 4 so every row of the grid is full. */
export const PAGE_SIZE = 24;

/** Reads page, sort, tag (and for managed lists status and q) from a page URL, zod-free. */
export function listQueryFromUrl(url: URL): ListQuery {
  const p = url.searchParams;
  const page = Number(p.get('page'));
  const sort = p.get('sort');
  const status = p.get('status');
  const tag = p.get('tag')?.trim();
  const q = p.get('q')?.trim();
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, PRODUCT_LIMITS.pageMax) : 1,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ProductSort)
      : 'newest',
    limit: PAGE_SIZE,
    ...(tag ? { tag: tag.slice(0, PRODUCT_LIMITS.tagMax) } : {}),
    ...((PRODUCT_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as ProductStatus }
      : {}),
    ...(q ? { q: q.slice(0, PRODUCT_LIMITS.searchQueryMax) } : {}),
  };
}

/** The URL of another page of the same list: keeps every other parameter. */
export function pageHref(url: URL | string, page: number): string {
  const u = new URL(url, 'http://x');
  if (page <= 1) u.searchParams.delete('page');
  else u.searchParams.set('page', String(page));
  const search = u.searchParams.toString();
  return `${u.pathname}${search ? `?${search}` : ''}`;
}

export function pageCount(recordsCount: number, limit: number): number {
  return Math.max(1, Math.ceil(recordsCount / limit));
}
