import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '../../shared/contracts/accounts';
import {
  isMarketplacePostPath,
  prefetchPages,
  sideMenuEntries,
  SIGNED_OUT_MENU,
  tagPath,
} from './navigation';

describe('side menu entries (SPEC §2)', () => {
  it('shows the thirteen entries to signed-in users (Messages: issue 24, Insights: issue 26, Discount codes, Returns and Offers: issue 27)', () => {
    expect(sideMenuEntries({ role: 'user' }).map((e) => [e.label, e.to])).toEqual([
      ['My Posts', '/my-posts'],
      ['Edit Page', '/edit-page'],
      ['Sales', '/sales'],
      ['Insights', '/insights'],
      ['Discount codes', '/discounts'],
      ['Purchases', '/orders'],
      ['Returns', '/returns'],
      ['Messages', '/messages'],
      ['Following', '/following'],
      ['Feed', '/feed'],
      ['Favorites', '/favorites'],
      ['Comments', '/comments'],
      ['Offers', '/offers'],
    ]);
  });
  it('shows Insights to sellers, not to buyer-only accounts', () => {
    const paths = (accountType: 'buyer' | 'seller' | 'both') =>
      sideMenuEntries({ role: 'user', accountType }).map((e) => e.to);
    expect(paths('seller')).toContain('/insights');
    expect(paths('both')).toContain('/insights');
    expect(paths('buyer')).not.toContain('/insights');
    expect(paths('seller')).toContain('/discounts');
    expect(paths('buyer')).not.toContain('/discounts');
    expect(paths('buyer')).toContain('/sales');
  });
  it('adds the admin entries for admin and superAdmin only, and Moderation for moderators too', () => {
    const adminEntries = [
      ['Products (admin)', '/admin-products'],
      ['Users (admin)', '/users'],
      ['Tags (admin)', '/add-tags'],
      ['Messages (admin)', '/admin-messages'],
      ['Moderation', '/moderation'],
    ];
    for (const role of ADMIN_ROLES) {
      expect(
        sideMenuEntries({ role })
          .slice(13)
          .map((e) => [e.label, e.to]),
      ).toEqual(adminEntries);
    }
    expect(
      sideMenuEntries({ role: 'moderator' })
        .slice(13)
        .map((e) => [e.label, e.to]),
    ).toEqual([['Moderation', '/moderation']]);
    expect(sideMenuEntries({ role: 'user' }).map((e) => e.to)).not.toContain('/moderation');
  });
  it('lists Marketplace, Pricing, Log in and Sign up for visitors', () => {
    expect(sideMenuEntries(null)).toEqual([]);
    expect(SIGNED_OUT_MENU.map((e) => [e.label, e.to])).toEqual([
      ['Marketplace', '/marketplace'],
      ['Pricing', '/pricing'],
      ['Log in', '/login'],
      ['Sign up', '/login?action=register'],
    ]);
  });
  it('prefetches menu pages for members, public pages for visitors', () => {
    expect(prefetchPages(null)).toContain('/login');
    expect(prefetchPages({ role: 'user' })).toContain('/my-posts');
    expect(prefetchPages({ role: 'user' })).not.toContain('/users');
    expect(prefetchPages(null)).toContain('/all-posts');
  });
  it("prefetches the side menu's pages for members on a seller's site, the seller's shop for visitors", () => {
    expect(prefetchPages(null, { site: '/maya' })).toEqual(['/maya/products']);
    expect(prefetchPages({ role: 'user' }, { site: '/maya' })).not.toContain('/all-posts');
    expect(prefetchPages({ role: 'user' }, { site: '/maya' })).toContain('/my-posts');
  });
  it("prefetches what the Landing layout's header links to: /login for visitors", () => {
    expect(prefetchPages(null, { landing: true })).toEqual(['/login']);
    expect(prefetchPages({ role: 'user' }, { landing: true })).toContain('/my-posts');
  });
  it('prefetches only the logo page for visitors of a marketplace post page', () => {
    expect(prefetchPages(null, { post: true })).toEqual(['/all-posts']);
    expect(prefetchPages({ role: 'user' }, { post: true })).toContain('/my-posts');
    expect(isMarketplacePostPath('/products/3f2a')).toBe(true);
    expect(isMarketplacePostPath('/items/3f2a/')).toBe(true);
    expect(isMarketplacePostPath('/products/tags/art')).toBe(false);
    expect(isMarketplacePostPath('/products/feedback')).toBe(false);
    expect(isMarketplacePostPath('/products')).toBe(false);
    expect(isMarketplacePostPath('/maya/3f2a')).toBe(false);
  });
  it('builds tag paths', () => {
    expect(tagPath('pc hardware')).toBe('/products/tags/pc%20hardware');
    expect(tagPath('art', 'ann')).toBe('/ann/products/tags/art');
  });
});
