import type { Route } from './+types/index-landing';
import {
  ClosingCta,
  CardGrid,
  Faq,
  Hero,
  Section,
  Steps,
} from '../features/landing/components/LandingSections';
import { AUDIENCES, FAQ, HEROES, STEPS } from '../features/landing/content/pitch';
import { canonicalMeta, pageMeta } from '../lib/meta';

// A campaign page: who it is for, how it works, the questions people ask before signing up. The
// home page is the canonical version of the pitch.
/** The page's words, as data: they never enter the page's JavaScript (docs/decisions/036). */
export function loader() {
  return { hero: HEROES.indexLanding, audiences: AUDIENCES, steps: STEPS, faq: FAQ };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, 'Sell where your audience already is', loaderData?.hero.lead),
  canonicalMeta(matches, '/'),
];

export default function IndexLanding({ loaderData }: Route.ComponentProps) {
  const { hero, audiences, steps, faq } = loaderData;
  return (
    <div data-testid="index-landing-page">
      <Hero hero={hero} />
      <Section
        id="audiences"
        title="Made for people who sell to their followers"
        lead="Whatever you make, find or collect, your audience is already one tap away."
      >
        <CardGrid items={audiences} />
      </Section>
      <Section id="how" title="Up and running in three steps" tinted>
        <Steps steps={steps} />
      </Section>
      <Section id="faq" title="Questions before you start">
        <Faq items={faq} />
      </Section>
      <ClosingCta title="Claim your page while your username is free" />
    </div>
  );
}
