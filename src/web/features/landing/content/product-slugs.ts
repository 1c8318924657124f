/**
 * The products with their own words (content/products.ts). Each gets a route of its own in
 * routes.ts (`/index-pc-hardwarebio` …) inside the Landing layout, so the page loads only the
 * landing code; LANDING_PRODUCTS decides at run time which of them are served (docs/decisions/036).
 * A configured slug not listed here still works, through the `:username` dispatch, with a general
 * pitch (and that branch's heavier JavaScript).
 */
export const BUILT_IN_LANDING_PRODUCTS = ['pc-hardware', 'art', 'vintage', 'music'] as const;
export type BuiltInLandingProduct = (typeof BUILT_IN_LANDING_PRODUCTS)[number];

export const isBuiltInLandingProduct = (slug: string): slug is BuiltInLandingProduct =>
  (BUILT_IN_LANDING_PRODUCTS as readonly string[]).includes(slug);

/** `/index-{product}bio` for a product slug. */
export const landingPath = (slug: string) => `/index-${slug}bio`;
