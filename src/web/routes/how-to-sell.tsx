import { Link } from 'react-router';
import type { Route } from './+types/how-to-sell';
import { PageHeader, Prose } from '../components/ui/page';
import { formatDay } from '../../shared/format';
import { GUIDE, GUIDE_SECTIONS } from '../features/landing/content/hardware-guide';
import { guideMeta } from '../features/landing/guide-meta';
import { useBrandName } from '../lib/root-data';

/** The meta and JSON-LD are built here, on the server (features/landing/guide-meta.ts). */
export function loader({ context }: Route.LoaderArgs) {
  // The article's words come as data: they never enter the page's JavaScript.
  return { meta: guideMeta(context), guide: GUIDE, sections: GUIDE_SECTIONS };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function HowToSellPage({ loaderData }: Route.ComponentProps) {
  const { guide, sections } = loaderData;
  const brand = useBrandName();
  return (
    <article data-testid="how-to-sell-page">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-700">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="link">
              Home
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">Selling guide</li>
        </ol>
      </nav>
      <PageHeader
        eyebrow="Selling guide"
        title={guide.headline}
        description="Upgraded your rig? Your old graphics card, CPU or RAM is worth real money to someone. Here is how to sell it quickly, safely and for a fair price."
      />
      <p className="-mt-4 mb-8 text-sm text-gray-700" data-testid="guide-byline">
        By the {brand} team · Updated{' '}
        <time dateTime={guide.dateModified}>{formatDay(guide.dateModified)}</time> ·{' '}
        {guide.readingMinutes} min read
      </p>
      <nav
        aria-labelledby="toc-heading"
        data-testid="guide-toc"
        className="mb-10 max-w-3xl rounded-2xl border border-gray-200 bg-gray-50 p-6"
      >
        <h2 id="toc-heading" className="font-semibold text-gray-950">
          In this guide
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="link">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <Prose>
        {sections.map((s, i) => (
          <section key={s.id} aria-labelledby={s.id}>
            <h2 id={s.id}>
              {i + 1}. {s.title}
            </h2>
            <p>
              <strong>{s.summary}</strong>
            </p>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
            {s.points.length > 0 && (
              <ul>
                {s.points.map((p) => (
                  <li key={p.slice(0, 40)}>{p}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p>
          Ready? <Link to="/login?action=register">Create your free page</Link> or, if you already
          have one, <Link to="/add-edit-item">post your first item</Link>. Questions about selling
          here? See our <Link to="/terms#selling">selling rules</Link> or{' '}
          <Link to="/contact">ask us</Link>.
        </p>
      </Prose>
    </article>
  );
}
