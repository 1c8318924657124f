import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MySiteLink } from '../../../../../shared/contracts/site-links';
import type { MySite } from '../../../../../shared/contracts/sites';
import { SITE_LINK_LIMITS } from '../../../../../shared/site-links';
import { LinksSection } from './LinksSection';

const SITE: MySite = {
  _id: 's1',
  name: 'Maya Ceramics',
  domainName: null,
  description: 'Hand-thrown mugs.',
  image: null,
  headerBackgroundColor: '#7c2d12',
  headerTextColor: '#fff7ed',
  footerBackgroundColor: '#431407',
  footerTextColor: '#ffedd5',
  headerBranding: 'name',
  backgroundColor: '#fff7ed',
  textColor: '#1c1917',
  buttonBackgroundColor: '#c2410c',
  buttonTextColor: '#ffffff',
  fontFamily: 'Georgia, serif',
  fontScale: 1.05,
  timeZone: 'UTC',
  links: [],
  username: 'maya',
  updatedAt: '2025-01-01T00:00:00.000Z',
  owner: {
    _id: 'u1',
    username: 'maya',
    name: 'Maya',
    bio: '',
    link: '',
    image: null,
    likesCount: 0,
    postsCount: 0,
    followersCount: 0,
    followingCount: 0,
  },
  domain: {
    name: null,
    status: 'none',
    txtRecord: null,
    httpFile: null,
    target: 'example.com',
    verifiedAt: null,
    checkedAt: null,
    lastError: null,
    proofMissingSince: null,
    graceEndsAt: null,
    lost: null,
  },
};

const link = (i: number, patch: Partial<MySiteLink> = {}): MySiteLink => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Link ${i}`,
  href: `/l/${i}`,
  icon: 'link',
  iconChoice: null,
  featured: false,
  social: false,
  url: `https://example.com/${i}`,
  postId: null,
  tag: null,
  post: null,
  enabled: true,
  showFrom: null,
  showUntil: null,
  showFromAt: null,
  showUntilAt: null,
  live: true,
  clicks: { last7: 1234, last30: 56789 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

const render = (site: MySite) =>
  renderToString(<LinksSection initial={site} posts={[]} currency="USD" onSaved={() => {}} />);

describe('LinksSection', () => {
  it('says what links are for when there are none, with the Add button', () => {
    const html = render(SITE);
    expect(html).toContain(
      'No links yet. Add your Instagram, your other shops or a post you want to push.',
    );
    expect(html).toMatch(/<button id="links-add" type="button"[^>]*>Add a link<\/button>/);
    expect(html).toContain('No link is shown to visitors yet.');
  });

  it('shows each link with its status and clicks, and who does not see the off ones', () => {
    const html = render({
      ...SITE,
      links: [link(1), link(2, { enabled: false, title: 'Sale', live: false })],
    });
    expect(html).toContain('1,234 clicks in 7 days · 56,789 in 30 days');
    expect(html).toMatch(/data-testid="link-row-status"[^>]*>Live</);
    expect(html).toMatch(/data-testid="link-row-status"[^>]*>Off</);
    expect(html).toContain('Off and scheduled links are not shown to visitors.');
    // The first row cannot move up: said, not hidden (focus stays on it after a move).
    expect(html).toContain('aria-disabled="true" aria-label="Move up “Link 1”"');
  });

  it(`disables Add at ${SITE_LINK_LIMITS.perSite} links and says why`, () => {
    const links = Array.from({ length: SITE_LINK_LIMITS.perSite }, (_, i) => link(i + 1));
    const html = render({ ...SITE, links });
    expect(html).toMatch(
      /<button id="links-add" type="button"[^>]*disabled=""[^>]*aria-describedby="links-limit"/,
    );
    expect(html).toContain(`You have ${SITE_LINK_LIMITS.perSite} links, the most a page can have.`);
  });
});
