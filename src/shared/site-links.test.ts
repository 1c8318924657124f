import { describe, expect, it } from 'vitest';
import { LINK_ICONS, LINK_ICON_LABELS, SITE_LINK_LIMITS, checkLinkUrl, detectLinkIcon } from './site-links';

describe('detectLinkIcon', () => {
  it.each([
    ['https://www.instagram.com/maya', 'instagram'],
    ['https://instagram.com/maya/', 'instagram'],
    ['https://instagr.am/p/abc', 'instagram'],
    ['https://www.tiktok.com/@maya', 'tiktok'],
    ['https://vm.tiktok.com/ZMabc/', 'tiktok'],
    ['https://m.youtube.com/@leo', 'youtube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://x.com/leo', 'x'],
    ['https://twitter.com/leo', 'x'],
    ['https://www.facebook.com/maya', 'facebook'],
    ['https://fb.me/maya', 'facebook'],
    ['https://www.threads.net/@maya', 'threads'],
    ['https://www.pinterest.com/maya', 'pinterest'],
    ['https://www.pinterest.co.uk/maya', 'pinterest'],
    ['https://open.spotify.com/artist/1', 'spotify'],
    ['https://soundcloud.com/leo', 'soundcloud'],
    ['https://www.twitch.tv/leo', 'twitch'],
    ['https://www.etsy.com/shop/maya', 'etsy'],
    ['https://www.etsy.de/shop/maya', 'etsy'],
    ['https://www.depop.com/maya', 'depop'],
    ['MAILTO:hi@example.com', 'email'],
    ['tel:+15551234567', 'phone'],
    ['https://example.com', 'link'],
  ])('%s → %s', (url, icon) => {
    expect(detectLinkIcon(url)).toBe(icon);
  });

  it('is not fooled by look-alike hosts, paths or user info', () => {
    for (const url of [
      'https://notinstagram.com/x',
      'https://instagram.com.evil.example/x',
      'https://example.com/instagram.com',
      'https://example.com/?u=https://youtube.com',
      'https://youtube.com@evil.example/',
      'not a url',
      'javascript:alert(1)',
    ])
      expect(detectLinkIcon(url), url).toBe('link');
  });

  it('names every icon for people', () => {
    for (const icon of LINK_ICONS) expect(LINK_ICON_LABELS[icon]).toMatch(/\S/);
  });
});

describe('checkLinkUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/a?b=c#d',
    'https://münchen.example/straße',
    'mailto:hi@example.com',
    'tel:+1-555-123-4567',
  ])('keeps %s', (url) => {
    expect(checkLinkUrl(`  ${url} `)).toEqual({ url });
  });

  it('lower-cases only the scheme', () => {
    expect(checkLinkUrl('HTTPS://Example.com/A')).toEqual({ url: 'https://Example.com/A' });
  });

  it.each([
    ['', /Enter the address/],
    ['javascript:alert(1)', /not javascript: addresses/],
    [' jAvAsCrIpT:alert(1)', /not javascript: addresses/],
    ['data:text/html;base64,PHNjcmlwdD4=', /not data: addresses/],
    ['file:///etc/passwd', /not file: addresses/],
    ['vbscript:msgbox', /not vbscript: addresses/],
    ['/shop', /Start the address with https:\/\//],
    ['//evil.example', /Start the address with https:\/\//],
    ['shop.example.com', /Start the address with https:\/\//],
    ['https:evil.example', /Add the site’s name/],
    ['https:/evil.example', /Add the site’s name/],
    ['https://a b', /Remove the spaces/],
    ['https://example.com/\u0000', /Remove the spaces and invisible characters/],
    ['java\nscript:alert(1)', /Remove the spaces and invisible characters/],
    ['https://u:p@example.com', /Remove the name and password/],
    ['tel:', /Add the phone number after tel:/],
    [`https://example.com/${'x'.repeat(SITE_LINK_LIMITS.url)}`, /too long/],
  ])('refuses %j', (url, message) => {
    const result = checkLinkUrl(url);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toMatch(message);
  });

  it('accepts an address of exactly the limit', () => {
    const url = `https://example.com/${'x'.repeat(SITE_LINK_LIMITS.url - 'https://example.com/'.length)}`;
    expect(url).toHaveLength(SITE_LINK_LIMITS.url);
    expect(checkLinkUrl(url)).toEqual({ url });
  });
});
