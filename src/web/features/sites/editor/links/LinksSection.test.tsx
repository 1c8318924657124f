import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MySiteLink } from '../../../../../shared/contracts/site-links';
import type { MySite } from '../../../../../shared/contracts/sites';
import { SITE_LINK_LIMITS } from '../../../../../shared/site-links';
import { mySiteFixture, mySiteLinkFixture } from '../site.fixtures';
import { LinksSection } from './LinksSection';

/** The rows link to /insights: rendered inside a router. */
function renderWithRouter(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: '/edit-page', Component: () => element }]);
  return renderToString(<Stub initialEntries={['/edit-page']} />);
}

const SITE = mySiteFixture;

const link = (i: number, patch: Partial<MySiteLink> = {}): MySiteLink =>
  mySiteLinkFixture({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Link ${i}`,
    href: `/l/${i}`,
    url: `https://example.com/${i}`,
    clicks: { last7: 1234, last30: 56789 },
    ...patch,
  });

const render = (site: MySite) =>
  renderWithRouter(
    <LinksSection
      initial={site}
      posts={[]}
      currency="USD"
      pageUrl="https://market.example/maya"
      onSaved={() => {}}
    />,
  );

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

  it("gives a platform's link its bio link to copy, and says where its visits show", () => {
    const html = render({
      ...SITE,
      links: [
        link(1, { title: 'Instagram', url: 'https://instagram.com/maya', icon: 'instagram' }),
        link(2),
      ],
    });
    expect(html.match(/data-testid="link-row-bio-link"/g)).toHaveLength(1);
    expect(html).toContain('https://market.example/maya?src=ig');
    expect(html).toContain('aria-label="Copy the Instagram bio link"');
    expect(html).toContain(
      'Put this address in your Instagram bio: visits and sales from it show as “Instagram bio link” on ',
    );
    expect(html).toMatch(/<a class="link" href="\/insights"/);
  });
});
