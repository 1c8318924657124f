import type { Route } from './+types/index-landing';
import { HEROES, LandingPage } from '../features/landing/components/LandingPage';
import { canonicalMeta, pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Sell where your audience already is', HEROES.indexLanding.lead),
  canonicalMeta(matches, '/'),
];

export default function LandingVariant() {
  return <LandingPage hero={HEROES.indexLanding} />;
}
