import type { ReactNode } from 'react';

/**
 * One section of the insights page around a table: its heading, a line on what it holds, its
 * "Download CSV" (a file from the server: no JavaScript needed) and the table, or what to do when
 * it has no rows yet.
 */
export function TableSection({
  id,
  title,
  description,
  csvHref,
  csvName = title.toLowerCase(),
  empty,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  csvHref: string;
  /** What the CSV holds, for screen readers ("Download CSV of …"); the title by default. */
  csvName?: string;
  /** Shown instead of the table when it has no rows. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mb-8" data-testid={id}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-950">
            {title}
          </h2>
          <p className="text-sm text-gray-700">{description}</p>
        </div>
        {empty ? null : (
          // A file, not a page: the browser saves it (Content-Disposition: attachment).
          <a
            href={csvHref}
            download
            className="btn btn-secondary min-h-11 px-3 text-sm"
            data-testid={`${id}-csv`}
          >
            Download CSV<span className="sr-only"> of {csvName}</span>
          </a>
        )}
      </div>
      {empty ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-4 text-gray-800">
          {empty}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
