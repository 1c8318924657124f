import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { siteTheme, type SiteBranding } from '../features/sites/site-theme';
import { UserSiteShell } from './UserSiteShell';
import { BASIC_LATIN_RANGE, REST_OF_LATIN_RANGE } from '../../shared/contracts/font-ranges';

const LOGO = { thumbnail: '/media/sites/logo-t.webp', fullsize: '/media/sites/logo.webp' };

function render(site: SiteBranding & { name: string }, compact = false) {
  const Stub = createRoutesStub([
    {
      path: '/maya',
      Component: () => (
        <UserSiteShell site={site} username="maya" theme={siteTheme(site)} compact={compact}>
          <h1>Page</h1>
        </UserSiteShell>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={['/maya']} />);
}

describe('UserSiteShell', () => {
  it('shows the logo (with its size) and the name as headerBranding says', () => {
    const both = render({ name: 'Kiln', headerBranding: 'both', image: LOGO });
    expect(both).toMatch(/<img src="\/media\/sites\/logo-t.webp" alt="" width="40" height="40"/);
    expect(both).toContain('data-testid="site-name"');
    const logo = render({ name: 'Kiln', headerBranding: 'logo', image: LOGO });
    expect(logo).toContain('alt="Kiln" width="40" height="40"');
    expect(logo).not.toContain('data-testid="site-name"');
    const name = render({ name: 'Kiln', headerBranding: 'name', image: LOGO });
    expect(name).not.toContain('data-testid="site-logo"');
  });

  it("puts the checked colours and the font's stack on the layout and preloads the font", () => {
    const html = render({
      name: 'Kiln',
      headerBackgroundColor: '#7c2d12',
      backgroundColor: 'red;}body{display:none',
      fontFamily: 'Lora',
    });
    expect(html).toContain('--site-header-bg:#7c2d12');
    expect(html).not.toContain('display:none');
    expect(html).toContain('--site-font:&#x27;Lora&#x27;, Georgia, serif');
    // The basic-Latin part is preloaded; the whole file only draws the rest of Latin, when used.
    expect(html).toContain(
      '<link rel="preload" href="/fonts/lora-latin-basic-wght-normal.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
    );
    expect(html).not.toMatch(/rel="preload" href="\/fonts\/lora-latin-wght/);
    expect(html).toContain(
      `src:url(/fonts/lora-latin-basic-wght-normal.woff2) format('woff2');font-weight:100 900;font-style:normal;font-display:optional;unicode-range:${BASIC_LATIN_RANGE}}`,
    );
    expect(html).toContain(
      `src:url(/fonts/lora-latin-wght-normal.woff2) format('woff2');font-weight:100 900;font-style:normal;font-display:optional;unicode-range:${REST_OF_LATIN_RANGE}}`,
    );
    // The device's font needs no file.
    expect(render({ name: 'Kiln', fontFamily: 'system-ui' })).not.toContain('/fonts/');
  });

  it('sets the checked accent once, on the layout root (one cached page for every visitor)', () => {
    const html = render({
      name: 'Kiln',
      backgroundColor: '#fff7ed',
      buttonBackgroundColor: '#9a3412',
      buttonTextColor: '#ffffff',
    });
    const root = /<div class="site-theme[^"]*" style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(root).toContain('--site-accent:#9a3412');
    expect(root).toContain('--site-focus:#9a3412');
    expect(root).toContain('--site-card-accent:#9a3412');
    // Nowhere else: components take it from CSS (app.css .site-theme), not from inline styles.
    expect(html.match(/#9a3412/g)).toHaveLength(4);
  });

  it('leaves the header out of the link-in-bio card', () => {
    const html = render({ name: 'Kiln' }, true);
    expect(html).not.toContain('data-testid="site-header"');
    expect(html).toContain('data-variant="compact"');
    expect(html).toContain('data-testid="site-footer"');
  });
});
