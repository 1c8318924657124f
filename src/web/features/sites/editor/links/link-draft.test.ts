import { describe, expect, it } from 'vitest';
import type { MySiteLink } from '../../../../../shared/contracts/site-links';
import {
  draftFromLink,
  inputFromDraft,
  linkStatus,
  listsDiffer,
  moveAnnouncement,
  moveItem,
  newDraft,
  shownIcon,
  tagsOf,
  type LinkPost,
} from './link-draft';
import { previewLinks } from './link-preview';
import { mySiteLinkFixture } from '../site.fixtures';

const SAVED: MySiteLink = mySiteLinkFixture({
  _id: 'a1',
  title: 'Instagram',
  href: '/l/a1',
  icon: 'instagram',
  social: true,
  url: 'https://www.instagram.com/maya',
  clicks: { last7: 12, last30: 40 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'];
  it('moves an item up, down, to either end, and leaves the list it was given alone', () => {
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
  it('clamps the target and ignores a source outside the list', () => {
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 3, 9)).toEqual(list);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 7, 0)).toEqual(list);
  });
});

describe('moveAnnouncement', () => {
  it('names the link and its new position out of the count', () => {
    expect(moveAnnouncement('Shop', 2, 5)).toBe('Moved “Shop” to position 2 of 5.');
    expect(moveAnnouncement('  ', 1, 3)).toBe('Moved “Untitled link” to position 1 of 3.');
  });
});

describe('linkStatus', () => {
  const now = new Date('2026-07-01T12:00:00Z');
  const row = (patch: Partial<ReturnType<typeof newDraft>>) => ({ ...newDraft('k'), ...patch });
  it('is Off when turned off, whatever the window', () => {
    expect(linkStatus(row({ enabled: false }), now, 'UTC')).toBe('off');
    expect(linkStatus(row({ enabled: false, showFrom: '2027-01-01T00:00' }), now, 'UTC')).toBe(
      'off',
    );
  });
  it('is Scheduled before the window, Ended from its end (exclusive), Live inside it', () => {
    expect(linkStatus(row({ showFrom: '2026-07-01T12:01' }), now, 'UTC')).toBe('scheduled');
    expect(linkStatus(row({ showFrom: '2026-07-01T12:00' }), now, 'UTC')).toBe('live');
    expect(linkStatus(row({ showUntil: '2026-07-01T12:00' }), now, 'UTC')).toBe('ended');
    expect(linkStatus(row({ showUntil: '2026-07-01T12:01' }), now, 'UTC')).toBe('live');
    expect(linkStatus(row({}), now, 'UTC')).toBe('live');
  });
  it('reads the edges in the site’s time zone', () => {
    // 14:30 in Paris (summer, UTC+2) is 12:30 UTC: not started yet at 12:00 UTC.
    expect(linkStatus(row({ showFrom: '2026-07-01T14:30' }), now, 'Europe/Paris')).toBe(
      'scheduled',
    );
    expect(linkStatus(row({ showFrom: '2026-07-01T13:30' }), now, 'Europe/Paris')).toBe('live');
  });
  it('is Off inside its window when the server said it is not shown (its post is not public)', () => {
    expect(linkStatus(row({}), now, 'UTC', false)).toBe('off');
    expect(linkStatus(row({}), now, 'UTC', true)).toBe('live');
  });
});

describe('drafts and the request', () => {
  it('round-trips a saved link and sends only the chosen kind’s target', () => {
    const draft = draftFromLink(SAVED);
    expect(draft).toMatchObject({
      key: 'a1',
      id: 'a1',
      kind: 'url',
      icon: '',
      clicks: SAVED.clicks,
    });
    expect(inputFromDraft(draft)).toEqual({
      id: 'a1',
      title: 'Instagram',
      url: 'https://www.instagram.com/maya',
      postId: null,
      tag: null,
      icon: null,
      enabled: true,
      featured: false,
      social: true,
      showFrom: null,
      showUntil: null,
    });
    const switched = { ...draft, kind: 'tag' as const, tag: 'kitchen' };
    expect(inputFromDraft(switched)).toMatchObject({ url: null, postId: null, tag: 'kitchen' });
    expect(inputFromDraft(newDraft('new-1'))).not.toHaveProperty('id');
  });
  it('shows the chosen icon, else the one the address implies', () => {
    expect(shownIcon({ icon: '', kind: 'url', url: 'https://vm.tiktok.com/x' })).toBe('tiktok');
    expect(shownIcon({ icon: 'etsy', kind: 'url', url: 'https://www.tiktok.com/x' })).toBe('etsy');
    expect(shownIcon({ icon: '', kind: 'post', url: 'https://www.tiktok.com/x' })).toBe('link');
  });
  it('compares lists as they would be sent', () => {
    const a = [draftFromLink(SAVED), draftFromLink({ ...SAVED, _id: 'b2', title: 'Shop' })];
    expect(
      listsDiffer(
        a,
        a.map((d) => ({ ...d, clicks: null })),
      ),
    ).toBe(false);
    expect(listsDiffer(a, [a[1]!, a[0]!])).toBe(true);
    expect(listsDiffer(a, a.slice(1))).toBe(true);
  });
  it('lists the tags of the seller’s posts once each, sorted', () => {
    expect(tagsOf([{ tags: ['mugs', 'kitchen'] }, { tags: ['kitchen', 'bowls'] }])).toEqual([
      'bowls',
      'kitchen',
      'mugs',
    ]);
  });
});

describe('previewLinks', () => {
  const now = new Date('2026-07-01T12:00:00Z');
  const post: LinkPost = {
    _id: 'p1',
    title: 'Blue mug',
    path: '/maya/blue-mug-abc',
    price: 24,
    soldOut: false,
    public: true,
    thumbnail: null,
    alt: '',
    tags: [],
  };
  it('shows only links on, inside their window and with somewhere to go, in order', () => {
    const rows = [
      { ...newDraft('1'), title: 'Shop', url: 'https://example.com' },
      { ...newDraft('2'), title: 'Off', url: 'https://example.com', enabled: false },
      {
        ...newDraft('3'),
        title: 'Later',
        url: 'https://example.com',
        showFrom: '2026-08-01T00:00',
      },
      { ...newDraft('4'), title: 'Mug', kind: 'post' as const, postId: 'p1' },
      { ...newDraft('5'), title: 'Draft', kind: 'post' as const, postId: 'p2' },
      { ...newDraft('6'), title: 'Kitchen', kind: 'tag' as const, tag: 'kitchen' },
      { ...newDraft('7'), title: '', url: 'https://example.com' },
    ];
    const shown = previewLinks(
      rows,
      [post, { ...post, _id: 'p2', public: false }],
      now,
      'UTC',
      'maya',
    );
    expect(shown.map((l) => l.title)).toEqual(['Shop', 'Mug', 'Kitchen']);
    expect(shown[1]).toMatchObject({
      href: '/maya/blue-mug-abc',
      post: { title: 'Blue mug', price: 24 },
    });
    expect(shown[2]).toMatchObject({ href: '/maya/products/tags/kitchen', post: null });
  });
});
