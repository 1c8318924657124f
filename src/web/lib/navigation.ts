import { isAdminRole, isModeratorRole, isSeller } from '../../shared/contracts/account-rules';
import type { SessionUser } from '../../shared/contracts/accounts';

/** One link of the side menu. */
export interface MenuEntry {
  label: string;
  to: string;
  testId: string;
}

/** Who the menu is for: the role, and the account type where known (Insights are for sellers). */
type MenuUser = Pick<SessionUser, 'role'> & Partial<Pick<SessionUser, 'accountType'>>;

/**
 * Side-menu entries for a signed-in user (SPEC §2), Insights and Discount codes for sellers, admin entries for admin
 * and superAdmin, the moderation queue for moderators and admins.
 */
export function sideMenuEntries(user: MenuUser | null | undefined): MenuEntry[] {
  if (!user) return [];
  const entries: MenuEntry[] = [
    { label: 'My Posts', to: '/my-posts', testId: 'menu-my-posts' },
    { label: 'Edit Page', to: '/edit-page', testId: 'menu-edit-page' },
    { label: 'Sales', to: '/sales', testId: 'menu-sales' },
    ...(!user.accountType || isSeller(user.accountType)
      ? [
          { label: 'Insights', to: '/insights', testId: 'menu-insights' },
          { label: 'Discount codes', to: '/discounts', testId: 'menu-discounts' },
        ]
      : []),
    { label: 'Purchases', to: '/orders', testId: 'menu-purchases' },
    { label: 'Returns', to: '/returns', testId: 'menu-returns' },
    { label: 'Messages', to: '/messages', testId: 'menu-messages' },
    { label: 'Following', to: '/following', testId: 'menu-following' },
    { label: 'Feed', to: '/feed', testId: 'menu-feed' },
    { label: 'Favorites', to: '/favorites', testId: 'menu-favorites' },
    { label: 'Comments', to: '/comments', testId: 'menu-comments' },
    { label: 'Offers', to: '/offers', testId: 'menu-offers' },
  ];
  if (isAdminRole(user.role)) {
    entries.push(
      { label: 'Products (admin)', to: '/admin-products', testId: 'menu-admin-products' },
      { label: 'Users (admin)', to: '/users', testId: 'menu-admin-users' },
      { label: 'Tags (admin)', to: '/add-tags', testId: 'menu-admin-tags' },
      { label: 'Messages (admin)', to: '/admin-messages', testId: 'menu-admin-messages' },
    );
  }
  // The one queue of pending comments and reports, and its decision log (docs/decisions/023).
  if (isModeratorRole(user.role)) {
    entries.push({ label: 'Moderation', to: '/moderation', testId: 'menu-moderation' });
  }
  return entries;
}

/**
 * The two account links, worded once for every header and menu (issue 24: "Log in" and "Sign up",
 * not "Sign In", "Register"…). SPEC §2 names the landing's buttons "Sign Up" and "Sign In"; the
 * routes stay the spec's, the words are the site's one voice.
 */
export const LOG_IN = { label: 'Log in', to: '/login' } as const;
export const SIGN_UP = { label: 'Sign up', to: '/login?action=register' } as const;

/** Links shown to signed-out visitors in the side menu: where to look around, then the account. */
export const SIGNED_OUT_MENU: readonly MenuEntry[] = [
  { label: 'Marketplace', to: '/marketplace', testId: 'menu-marketplace' },
  { label: 'Pricing', to: '/pricing', testId: 'menu-pricing' },
  { ...LOG_IN, testId: 'menu-login' },
  { ...SIGN_UP, testId: 'menu-signup' },
];

/** Footer links of the default layout (SPEC §2). */
export const FOOTER_LINKS: readonly MenuEntry[] = [
  { label: 'Home', to: '/', testId: 'footer-home' },
  { label: 'About', to: '/about', testId: 'footer-about' },
  { label: 'Contact', to: '/contact', testId: 'footer-contact' },
  { label: 'Terms', to: '/terms', testId: 'footer-terms' },
  { label: 'Privacy', to: '/privacy', testId: 'footer-privacy' },
];

// The server's link redirect opens the same address: the rule lives with the tags.
export { tagPath } from '../../shared/tags';

/**
 * Pages whose code is prefetched after the idle time-out: what the header and side menu link to.
 * Paths without the /login redirect dance for signed-out visitors. A seller's site (`site`: its
 * path, `/{username}`) has its own header, without the marketplace's logo link: the side menu's
 * pages for members; for visitors, who came from a bio link to shop, the seller's products (whose
 * list code the page already has) rather than /login, which would not fit the page's budget;
 * so are the marketplace's post pages (`post`). The Landing layout's header (`landing`) links to
 * no marketplace page, only to Log in and Sign up: its visitors get /login.
 */
export function prefetchPages(
  user: MenuUser | null | undefined,
  {
    site,
    post = false,
    landing = false,
  }: { site?: string; post?: boolean; landing?: boolean } = {},
): string[] {
  if (landing && !user) return ['/login'];
  const onSite = site !== undefined;
  // The logo's /all-posts (its list code is also /marketplace's and the search results'). Not
  // /search-results (it needs a typed query first) nor /marketplace (no header link): with the
  // catalogue's list code, the public pages' JavaScript stays within its budget only without
  // their route modules (tests/e2e/budget.spec.ts).
  const common = onSite ? [] : ['/all-posts'];
  return user
    ? [...common, ...sideMenuEntries(user).map((e) => e.to), '/edit-profile']
    : onSite
      ? [`${site}/products`]
      : // A marketplace post page carries the most code of the marketplace's pages (gallery,
        // options, comments, like): its visitors get the logo's page only; /login loads on demand.
        post
        ? common
        : [...common, '/login'];
}

/** A marketplace post page (`/products/{id}`, `/items/{id}`), not a list under /products. */
export const isMarketplacePostPath = (pathname: string): boolean =>
  /^\/(?:products|items)\/(?!tags(?:\/|$)|feedback(?:\/|$))[^/]+\/?$/.test(pathname);
