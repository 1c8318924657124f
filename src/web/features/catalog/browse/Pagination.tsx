import { ListLink } from '../../../components/ui/ListLink';
import { pageCount, pageHref } from '../list-query';

/** The pages shown around the current one: first, last, and two on each side. */
function visiblePages(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** Real `?page=` links (they work without JavaScript); the current page has aria-current. */
export function Pagination({
  url,
  page,
  recordsCount,
  limit,
}: {
  url: URL | string;
  page: number;
  recordsCount: number;
  limit: number;
}) {
  const last = pageCount(recordsCount, limit);
  if (last <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <ListLink to={pageHref(url, page - 1)} rel="prev" className="page-link">
              Previous<span className="sr-only"> page</span>
            </ListLink>
          </li>
        )}
        {visiblePages(page, last).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-700">
              …
            </li>
          ) : (
            <li key={p}>
              <ListLink
                to={pageHref(url, p)}
                aria-current={p === page ? 'page' : undefined}
                className="page-link"
              >
                <span className="sr-only">Page </span>
                {p}
              </ListLink>
            </li>
          ),
        )}
        {page < last && (
          <li>
            <ListLink to={pageHref(url, page + 1)} rel="next" className="page-link">
              Next<span className="sr-only"> page</span>
            </ListLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
