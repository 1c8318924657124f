import type { Route } from './+types/home';
import { HEROES, LandingPage } from '../features/landing/components/LandingPage';
import { brandFromMatches } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const brand = brandFromMatches(matches);
  const description = `${brand} turns the link in your bio into a storefront: a branded page, posts with prices and card checkout.`;
  return [
    { title: `${brand} · Your link in bio, now a storefront` },
    { name: 'description', content: description },
    { property: 'og:title', content: `${brand} · Your link in bio, now a storefront` },
    { property: 'og:description', content: description },
  ];
};

export default function Home() {
  return <LandingPage hero={HEROES.home} />;
}
