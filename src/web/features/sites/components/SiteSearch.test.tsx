import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteSearch } from './SiteSearch';

function render(q?: string) {
  const Stub = createRoutesStub([
    {
      path: '/maya',
      Component: () => <SiteSearch username="maya" name="Maya <Chen> Ceramics" q={q} />,
    },
  ]);
  return renderToString(<Stub initialEntries={['/maya']} />);
}

/** The one attribute value of `name` on the element that has `marker`. */
const attr = (html: string, marker: string, name: string) =>
  new RegExp(`<[^>]*${marker}[^>]*>`).exec(html)?.[0].match(new RegExp(`${name}="([^"]*)"`))?.[1];

describe('SiteSearch', () => {
  it("is a GET search landmark to the seller's products page, without JavaScript", () => {
    const html = render();
    expect(attr(html, 'data-testid="site-search"', 'method')).toBe('get');
    expect(attr(html, 'data-testid="site-search"', 'action')).toBe('/maya/products');
    expect(attr(html, 'data-testid="site-search"', 'role')).toBe('search');
    expect(attr(html, 'data-testid="site-search-input"', 'name')).toBe('q');
    expect(attr(html, 'data-testid="site-search-input"', 'type')).toBe('search');
    expect(attr(html, 'data-testid="site-search-submit"', 'type')).toBe('submit');
  });

  it('labels the box with the site, its name as text, and names the landmark with it', () => {
    const html = render();
    const inputId = attr(html, 'data-testid="site-search-input"', 'id')!;
    const labelFor = attr(html, `for="${inputId}"`, 'id')!;
    expect(attr(html, 'data-testid="site-search"', 'aria-labelledby')).toBe(labelFor);
    expect(html).toContain('Search <bdi>Maya &lt;Chen&gt; Ceramics</bdi>');
  });

  it('keeps the search shown in the box', () => {
    expect(attr(render('blue "tea" bowl'), 'data-testid="site-search-input"', 'value')).toBe(
      'blue &quot;tea&quot; bowl',
    );
    expect(attr(render(), 'data-testid="site-search-input"', 'value')).toBe('');
  });
});
