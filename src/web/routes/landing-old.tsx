import type { Route } from './+types/landing-old';
import { HEROES, LandingPage } from '../features/landing/components/LandingPage';
import { canonicalMeta, pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'From follower to buyer', HEROES.landingOld.lead),
  canonicalMeta(matches, '/'),
];

export default function LandingVariant() {
  return <LandingPage hero={HEROES.landingOld} />;
}
