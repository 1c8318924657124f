import { Link } from 'react-router';
import type { Route } from './+types/how-we-count';
import { PageHeader, Prose } from '../components/ui/page';
import { HOW_WE_COUNT, HOW_WE_COUNT_INTRO } from '../features/insights/content/how-we-count';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'How we count',
    'What sellers’ insights record about visits, clicks and sales, without cookies, and how long it is kept.',
  );

/** The words come as data: they never enter the page's JavaScript (docs/decisions/036). */
export function loader() {
  return { intro: HOW_WE_COUNT_INTRO, sections: HOW_WE_COUNT };
}

export default function HowWeCountPage({ loaderData }: Route.ComponentProps) {
  const { intro, sections } = loaderData;
  return (
    <article data-testid="how-we-count-page">
      <PageHeader title="How we count" description={intro} />
      <Prose>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`count-${section.id}`}>
            <h2 id={`count-${section.id}`}>{section.title}</h2>
            {section.blocks.map((block, i) =>
              block.kind === 'p' ? (
                <p key={i}>{block.text}</p>
              ) : block.kind === 'ol' ? (
                <ol key={i}>
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ol>
              ) : (
                <ul key={i}>
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <h2 id="count-more">More</h2>
        <p>
          Sellers see their numbers on <Link to="/insights">Insights</Link>. Everything else we
          store, and your rights, are in our <Link to="/privacy">privacy policy</Link>.
        </p>
      </Prose>
    </article>
  );
}
