import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import {
  BUILT_IN_LANDING_PRODUCTS,
  landingPath,
} from './features/landing/content/product-slugs';

/**
 * Every screen of SPEC §2. Static segments always outrank the dynamic `:username` branch, so
 * /about, /login, /products/… never reach a user's site. Patterns React Router cannot express
 * (`/{username}-x`, `/index-{product}bio`) are dispatched by the `:username` layout's loader.
 */
export default [
  layout('layouts/landing.tsx', [
    index('routes/home.tsx'),
    route('index-landing', 'routes/index-landing.tsx'),
    route('index-old', 'routes/index-old.tsx'),
    route('landing-old', 'routes/landing-old.tsx'),
    // /index-{product}bio for the products with their own words (others: the :username dispatch)
    ...BUILT_IN_LANDING_PRODUCTS.map((slug) =>
      route(landingPath(slug).slice(1), 'routes/product-landing.tsx', {
        id: `routes/product-landing/${slug}`,
      }),
    ),
  ]),

  layout('layouts/default.tsx', [
    // Marketplace
    route('all-posts', 'routes/all-posts.tsx'),
    route('marketplace', 'routes/marketplace.tsx'),
    route('search-results', 'routes/search-results.tsx'),
    route('products/tags/:tag?', 'routes/products-tags.tsx'),
    route('products/feedback/:id?', 'routes/products-feedback.tsx'),
    route('products/:id?', 'routes/products.tsx'),
    route('items/preview', 'routes/items-preview.tsx'),
    route('items/:id?', 'routes/products.tsx', { id: 'routes/items' }),
    route('checkout', 'routes/checkout.tsx'),
    route('thanks', 'routes/thanks.tsx'),

    // Accounts
    route('login', 'routes/login.tsx'),
    route('logout', 'routes/logout.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('password-reset/:token?', 'routes/password-reset.tsx'),
    route('users/activate-account', 'routes/activate-account.tsx'),
    route('edit-profile', 'routes/edit-profile.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('email-list', 'routes/email-list.tsx'),
    route('users/:id', 'routes/users.$id.tsx'),

    // Signed-in pages
    route('edit-page', 'routes/edit-page.tsx'),
    route('my-posts', 'routes/my-posts.tsx'),
    route('add-edit-item/:id?', 'routes/add-edit-item.tsx'),
    route('sales', 'routes/sales.tsx'),
    route('insights', 'routes/insights.tsx'),
    route('discounts', 'routes/discounts.tsx'),
    route('sales/:id', 'routes/sales.$id.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('returns', 'routes/returns.tsx'),
    route('returns/new/:transactionId', 'routes/returns.new.tsx'),
    route('returns/:id', 'routes/returns.$id.tsx'),
    route('feedback/orders/:id?', 'routes/feedback-orders.tsx'),
    route('favorites', 'routes/favorites.tsx'),
    route('following', 'routes/following.tsx'),
    route('feed', 'routes/feed.tsx'),
    route('comments', 'routes/comments.tsx'),
    route('offers', 'routes/offers.tsx'),
    route('messages', 'routes/messages.tsx'),
    route('message', 'routes/message.tsx'),
    route('plan-selection', 'routes/plan-selection.tsx'),
    route('onboarding-success', 'routes/onboarding-success.tsx'),
    route('onboarding-failure', 'routes/onboarding-failure.tsx'),
    route('payout-setup', 'routes/payout-setup.tsx'),

    // Admin
    route('admin-products', 'routes/admin-products.tsx'),
    route('users', 'routes/users.tsx'),
    route('add-tags', 'routes/add-tags.tsx'),
    route('moderation', 'routes/moderation.tsx'),
    route('admin-messages', 'routes/admin-messages.tsx'),

    // Company and content
    route('about', 'routes/about.tsx'),
    route('careers', 'routes/careers.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('how-we-count', 'routes/how-we-count.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('how-to-sell-used-pc-hardware-online', 'routes/how-to-sell.tsx'),

    // Errors
    route('404', 'routes/404.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),

  // The email-list CSV download (a resource route: a file, no page)
  route('email-list/export', 'routes/email-list-export.ts'),
  // A seller's sales and payouts as CSV for their accountant (resource routes)
  route('sales/export', 'routes/sales-export.ts'),
  route('sales/payouts/export', 'routes/sales-export.ts', { id: 'routes/payouts-export' }),
  // One table of /insights as a CSV file (its "Download CSV" links)
  route('insights/export.csv', 'routes/insights-export.ts'),
  // The owner's QR code as a PNG to save (the editor's "Download PNG")
  route('edit-page/qr-code.png', 'routes/edit-page-qr-code.ts'),

  // A user's site (and /{username}-x, /index-{product}bio: see the layout's loader)
  route(':username', 'layouts/user-site.tsx', [
    index('routes/site/home.tsx'),
    route('checkout', 'routes/site/checkout.tsx'),
    route('products/feedback/:id?', 'routes/site/products-feedback.tsx'),
    route('products/tags/:tag?', 'routes/site/products-tags.tsx'),
    route('products/:id?', 'routes/site/products.tsx'),
    route(':id', 'routes/site/post.tsx'),
    route(':id/preview', 'routes/site/post-preview.tsx'),
  ]),
] satisfies RouteConfig;
