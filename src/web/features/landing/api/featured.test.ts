import { describe, expect, it } from 'vitest';
import type { FeaturedSeller } from '../../../../shared/contracts/featured';
import { toFeaturedView } from './featured';

/** The home page's inline data holds what a featured seller's card shows, and no field more. */
describe('a featured seller’s view', () => {
  it('is what the card shows: the avatar’s thumbnail, the bio as shown, no likes', () => {
    const seller: FeaturedSeller = {
      _id: 'u1',
      username: 'maya',
      name: 'Maya',
      bio: 'b'.repeat(300),
      image: { thumbnail: '/a.webp', fullsize: '/b.webp' },
      postsCount: 3,
      followersCount: 4,
      likesCount: 5,
      recentSalesCount: 6,
    };
    const view = toFeaturedView(seller);
    expect(Object.keys(view).sort()).toEqual(
      ['_id', 'avatar', 'bio', 'followersCount', 'name', 'postsCount', 'recentSalesCount', 'username'],
    );
    expect(view.avatar).toBe('/a.webp');
    expect(view.bio.length).toBeLessThanOrEqual(121);
  });
});
