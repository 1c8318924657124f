import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FeaturedSellersState } from '../api/featured';
import { FeaturedSellers } from './FeaturedSellers';
import { Section, SIGN_UP_PATH } from './LandingSections';

/**
 * The home page's real content: sellers to discover and the popular posts (`posts`, the grid the
 * route composes), or — before anyone has published (`empty`) — an invitation to be the first.
 */
export function HomeFeatured({
  featured,
  posts,
  empty,
}: {
  featured: FeaturedSellersState;
  posts: ReactNode;
  empty: boolean;
}) {
  if (empty)
    return (
      <Section id="featured" title="Be the first to sell here">
        <div data-testid="featured-empty" className="list-empty">
          <p className="text-gray-800">
            Nobody has published a post yet. Create your page, post the first thing you want to sell
            and it will be featured right here.
          </p>
          <Link to={SIGN_UP_PATH} className="btn btn-primary mt-5">
            Start selling
          </Link>
        </div>
      </Section>
    );
  return (
    <>
      <Section
        id="featured-sellers"
        title="Sellers to discover"
        lead="Real pages of people selling here now, busiest first."
      >
        {featured.error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {featured.error}
          </p>
        ) : (
          <FeaturedSellers sellers={featured.sellers} />
        )}
      </Section>
      <Section id="featured-posts" title="Popular right now" tinted>
        {posts}
        <p className="mt-8">
          <Link to="/all-posts" className="btn btn-secondary">
            See every post
          </Link>
        </p>
      </Section>
    </>
  );
}
