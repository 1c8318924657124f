import { describe, expect, it } from 'vitest';
import { ownerLink, sitePath } from './site-paths';

describe('site paths', () => {
  it('builds encoded paths below a username', () => {
    expect(sitePath('maya')).toBe('/maya');
    expect(sitePath('maya', 'products', 'tags', 'a b/c')).toBe('/maya/products/tags/a%20b%2Fc');
  });

  it('shows only http(s) links, as host and path', () => {
    expect(ownerLink('https://www.example.com/maya-ceramics/')).toEqual({
      href: 'https://www.example.com/maya-ceramics/',
      text: 'example.com/maya-ceramics',
    });
    expect(ownerLink('http://shop.example.org')?.text).toBe('shop.example.org');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'example.com',
      '',
      null,
      'ftp://x.y',
    ])
      expect(ownerLink(bad)).toBeNull();
  });
});
