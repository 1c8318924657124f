import type { Route } from './+types/home';
import { listProducts } from '../features/catalog/api/catalog-api';
import { itemHref } from '../features/catalog/browse/PostList';
import { ProductGrid } from '../features/catalog/browse/ProductGrid';
import { toCardList } from '../features/catalog/browse/card-view';
import { loadFeaturedSellers } from '../features/landing/api/featured';
import { HomeFeatured } from '../features/landing/components/HomeFeatured';
import {
  CardGrid,
  ClosingCta,
  Hero,
  Section,
  Steps,
} from '../features/landing/components/LandingSections';
import { FEATURES, HEROES, STEPS } from '../features/landing/content/pitch';
import { serverApi } from '../lib/api';
import { brandFromMatches, type MetaSource } from '../lib/meta';
import { useRootData } from '../lib/root-data';

/** The home page's title and description (built by the loader: no client code). */
function homeMeta(source: MetaSource) {
  const brand = brandFromMatches(source);
  const title = `${brand} · Your link in bio, now a storefront`;
  const description = `${brand} turns the link in your bio into a storefront: a branded page, posts with prices and card checkout.`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
}

/** The most liked posts the home page shows (two rows of four on wide screens). */
const POPULAR_POSTS = 8;

/**
 * The featured sellers and the most liked posts, read on the server side by side: the page adds
 * no client code or request for them (docs/decisions/036).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const [featured, posts] = await Promise.all([
    loadFeaturedSellers(client),
    listProducts(client, { page: 1, sort: 'most_liked', limit: POPULAR_POSTS }),
  ]);
  // The page's words come as data too: they never enter the page's JavaScript (docs/decisions/036).
  return {
    featured,
    // The cards only: a card shows five fields of a post (docs/decisions/046).
    posts: toCardList(posts),
    hero: HEROES.home,
    steps: STEPS,
    features: FEATURES,
    meta: homeMeta(context),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, posts, hero, steps, features } = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  // Nothing published yet (and nothing failed): the invitation to be the first seller.
  const empty =
    featured.sellers.length === 0 && posts.products.length === 0 && !featured.error && !posts.error;
  return (
    <div data-testid="home-page">
      <Hero hero={hero} />
      <HomeFeatured
        featured={featured}
        empty={empty}
        posts={
          <ProductGrid
            products={posts.products}
            currency={currency}
            hrefFor={itemHref}
            error={posts.error}
            label="Popular posts"
            eagerCards={0}
            empty={<p>No posts yet.</p>}
          />
        }
      />
      <Section id="how" title="How it works">
        <Steps steps={steps} />
      </Section>
      <Section id="features" title="Everything a creator shop needs" tinted>
        <CardGrid items={features} />
      </Section>
      <ClosingCta title="Your followers are ready. Is your shop?" />
    </div>
  );
}
