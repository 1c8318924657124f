import { data } from 'react-router';
import type { Route } from './+types/product-landing';
import { ProductLanding } from '../features/landing/components/ProductLanding';
import { STEPS } from '../features/landing/content/pitch';
import { productPitch } from '../features/landing/content/products';
import { productLabel } from '../features/sites/user-slug';
import { MESSAGES } from '../../shared/messages';
import { canonicalMeta, pageMeta } from '../lib/meta';

const SLUG = /^\/index-([a-z0-9-]+)bio\/?$/;

/**
 * `/index-{product}bio` for the products with words of their own (content/product-slugs.ts: one
 * route each, in the Landing layout, so the page carries no user-site code). Served only when the
 * server's LANDING_PRODUCTS names the product; otherwise this is a 404 like any unknown page.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const product = SLUG.exec(url.pathname)?.[1];
  if (!product || !context.config.landingProducts.includes(product))
    throw data(MESSAGES.pageNotFound, { status: 404 });
  const label = productLabel(product);
  // The page's words as data: they never enter the page's JavaScript (docs/decisions/036).
  return { product, label, pitch: productPitch(product, label), steps: STEPS };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  loaderData
    ? [
        ...pageMeta(matches, loaderData.pitch.hero.eyebrow, loaderData.pitch.hero.lead),
        canonicalMeta(matches, location.pathname),
      ]
    : [];

export default function ProductLandingPage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductLanding
      slug={loaderData.product}
      label={loaderData.label}
      pitch={loaderData.pitch}
      steps={loaderData.steps}
    />
  );
}
