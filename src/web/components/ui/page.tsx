import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  eyebrow?: string;
  actions?: ReactNode;
}

/** A page's h1 with its lead paragraph and optional actions. */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div className="max-w-3xl">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{eyebrow}</p>
        ) : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-gray-950 md:text-4xl">
          {title}
        </h1>
        {description ? <div className="mt-3 text-lg text-gray-700">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

export interface LinkCard {
  to: string;
  title: string;
  description: string;
}

/** A grid of links to related pages ("where to next"). */
export function LinkCards({
  links,
  heading = 'Where to next',
}: {
  links: readonly LinkCard[];
  heading?: string;
}) {
  return (
    <section aria-labelledby="link-cards-heading" className="mt-10">
      <h2 id="link-cards-heading" className="text-lg font-semibold text-gray-900">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              prefetch="intent"
              className="block h-full rounded-xl border border-gray-200 bg-white p-5 transition hover:border-indigo-300 hover:shadow-sm"
            >
              <span className="block font-semibold text-indigo-800">{l.title}</span>
              <span className="mt-1 block text-sm text-gray-700">{l.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A panel that tells what a section will show and offers the next step. */
export function InfoPanel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-dashed border-gray-300 bg-gray-50 p-6 md:p-8">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <div className="mt-2 max-w-2xl text-gray-700">{children}</div>
      {action ? <div className="mt-5">{action}</div> : null}
    </section>
  );
}

/** Long-form text (terms, privacy, guides). */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="prose-page">{children}</div>;
}
