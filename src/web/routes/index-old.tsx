import type { Route } from './+types/index-old';
import {
  CardGrid,
  ClosingCta,
  Faq,
  Hero,
  Section,
} from '../features/landing/components/LandingSections';
import { PlanSummary } from '../features/landing/components/PlanSummary';
import { CHAPTERS } from '../features/landing/content/classic';
import { FAQ, FEATURES, HEROES } from '../features/landing/content/pitch';
import { canonicalMeta, pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

// The classic long-form page: the story chapter by chapter, the plans, the questions.
/** The page's words, as data: they never enter the page's JavaScript (docs/decisions/036). */
export function loader() {
  return { hero: HEROES.indexOld, chapters: CHAPTERS, features: FEATURES, faq: FAQ };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, 'One page, all your posts', loaderData?.hero.lead),
  canonicalMeta(matches, '/'),
];

export default function IndexOld({ loaderData }: Route.ComponentProps) {
  const { hero, chapters, features, faq } = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  return (
    <div data-testid="index-old-page">
      <Hero hero={hero} />
      {chapters.map((chapter, i) => (
        <Section key={chapter.id} id={chapter.id} title={chapter.title} tinted={i % 2 === 1}>
          <div className="max-w-3xl space-y-4 text-lg text-gray-800">
            {chapter.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </div>
        </Section>
      ))}
      <Section id="everything" title="Everything included" tinted={chapters.length % 2 === 1}>
        <CardGrid items={features} />
      </Section>
      <Section id="plans" title="Plans for every stage">
        <PlanSummary currency={currency} />
      </Section>
      <Section id="faq" title="Frequently asked questions" tinted>
        <Faq items={faq} />
      </Section>
      <ClosingCta title="Ready when you are" />
    </div>
  );
}
