import { Link } from 'react-router';
import type { Route } from './+types/landing-old';
import { Hero, SIGN_UP_PATH } from '../features/landing/components/LandingSections';
import { HEROES } from '../features/landing/content/pitch';
import { canonicalMeta, pageMeta } from '../lib/meta';

/** Three reasons, one button: the compact landing page for short attention spans. */
const REASONS = [
  'One short link for every profile, with your name on it',
  'Posts people can like, comment on and buy by card',
  'Orders, shipping and payouts in one dashboard',
] as const;

/** The hero's words, as data: they never enter the page's JavaScript (docs/decisions/036). */
export function loader() {
  return { hero: HEROES.landingOld };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, 'From follower to buyer', loaderData?.hero.lead),
  canonicalMeta(matches, '/'),
];

export default function LandingOld({ loaderData }: Route.ComponentProps) {
  return (
    <div data-testid="landing-old-page">
      <Hero hero={loaderData.hero}>
        <ul className="mt-8 grid max-w-2xl gap-2" aria-label="Why sellers choose us">
          {REASONS.map((r) => (
            <li key={r} className="flex items-start gap-3 text-gray-800">
              <span aria-hidden="true" className="font-bold text-indigo-700">
                ✓
              </span>
              {r}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-gray-700">
          Free to start.{' '}
          <Link to="/pricing" className="link">
            See the plans
          </Link>{' '}
          or{' '}
          <Link to={SIGN_UP_PATH} className="link">
            sign up in a minute
          </Link>
          .
        </p>
      </Hero>
    </div>
  );
}
