import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductCardView } from './card-view';
import { ProductGrid } from './ProductGrid';

const POSTS: ProductCardView[] = [
  {
    _id: 'p1',
    shortId: '0a1b2c3d4e5f',
    title: 'Tea bowl',
    price: 48,
    soldOut: false,
    user: { name: 'Maya Chen', username: 'maya' },
    medias: [],
  },
  {
    _id: 'p2',
    shortId: '1b2c3d4e5f60',
    title: 'Vase',
    price: 120,
    soldOut: true,
    user: { name: '', username: 'maya' },
    medias: [],
  },
];

function render(showSeller?: boolean) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ProductGrid
          products={POSTS}
          currency="USD"
          hrefFor={(p) => `/maya/${p._id}`}
          empty={null}
          {...(showSeller === undefined ? {} : { showSeller })}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={['/']} />);
}

describe('ProductGrid cards', () => {
  it('name the seller on every card of marketplace-wide lists (the default)', () => {
    // React separates the literal from the name with an empty comment in server HTML.
    const html = render().replaceAll('<!-- -->', '');
    expect(html).toContain('>by Maya Chen</p>');
    // No display name: the username.
    expect(html).toContain('>by maya</p>');
  });

  it("leave the seller out on the seller's own pages, prices classed for the theme", () => {
    const html = render(false);
    expect(html).not.toMatch(/>by /);
    expect(html).toContain('Tea bowl');
    // The price carries the class the site's accent colours (app.css .site-theme .price).
    expect(html).toMatch(/<p class="price[^"]*">\$48\.00<\/p>/);
    expect(html).toContain('Sold out');
  });
});
