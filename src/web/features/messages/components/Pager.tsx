import { Link } from 'react-router';

/** `href` of the same page with another `?page=` (page 1 drops the parameter). */
export function withPage(href: string, page: number): string {
  const url = new URL(href, 'http://x');
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.pathname + url.search;
}

/**
 * Previous / next links of a paged list (real links: they work without JavaScript), with where
 * the reader is. Nothing when everything fits on one page.
 */
export function Pager({
  href,
  page,
  recordsCount,
  limit,
  label = 'Pages',
  previous = 'Previous page',
  next = 'Next page',
}: {
  href: string;
  page: number;
  recordsCount: number;
  limit: number;
  label?: string;
  previous?: string;
  next?: string;
}) {
  const last = Math.max(1, Math.ceil(recordsCount / limit));
  if (last <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={withPage(href, page - 1)} rel="prev" className="page-link">
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-gray-700">
        Page {page} of {last}
      </p>
      {page < last ? (
        <Link to={withPage(href, page + 1)} rel="next" className="page-link">
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
