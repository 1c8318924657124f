import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isOpenPath, TagList } from './TagList';

function render(at: string, tags = ['vintage', 'art', 'artisan', 'café']) {
  const Stub = createRoutesStub([{ path: '*', Component: () => <TagList tags={tags} /> }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

/** The header's link to `#{tag}`, as written. */
const linkTo = (html: string, href: string) =>
  html.match(new RegExp(`<a[^>]*href="${href}"[^>]*>`))?.[0];

describe('the header tag strip', () => {
  it('marks the tag whose page is open, and only it', () => {
    const html = render('/products/tags/art?page=2');
    expect(linkTo(html, '/products/tags/art')).toBe(
      '<a aria-current="page" class="inline-block rounded-full px-3 py-1 font-medium bg-indigo-700 text-white" href="/products/tags/art" data-discover="true">',
    );
    for (const other of ['vintage', 'artisan', 'caf%C3%A9']) {
      expect(linkTo(html, `/products/tags/${other}`)).toBe(
        `<a class="inline-block rounded-full px-3 py-1 font-medium bg-gray-100 text-gray-800 hover:bg-gray-200" href="/products/tags/${other}" data-discover="true">`,
      );
    }
  });

  it('marks none elsewhere', () => {
    expect(render('/marketplace')).not.toContain('aria-current');
  });

  it('marks a tag with letters outside ASCII on its page', () => {
    expect(linkTo(render('/products/tags/caf%C3%A9'), '/products/tags/caf%C3%A9')).toContain(
      'aria-current="page"',
    );
  });
});

describe('isOpenPath', () => {
  it('is the path itself or a page below it, in any letter case', () => {
    expect(isOpenPath('/products/tags/art', '/products/tags/art')).toBe(true);
    expect(isOpenPath('/products/tags/Art', '/products/tags/art')).toBe(true);
    expect(isOpenPath('/products/tags/art/more', '/products/tags/art')).toBe(true);
    expect(isOpenPath('/products/tags/artisan', '/products/tags/art')).toBe(false);
    expect(isOpenPath('/products/tags', '/products/tags/art')).toBe(false);
  });
});
