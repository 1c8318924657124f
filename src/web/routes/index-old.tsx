import type { Route } from './+types/index-old';
import { HEROES, LandingPage } from '../features/landing/components/LandingPage';
import { canonicalMeta, pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'One page, all your posts', HEROES.indexOld.lead),
  canonicalMeta(matches, '/'),
];

export default function LandingVariant() {
  return <LandingPage hero={HEROES.indexOld} />;
}
