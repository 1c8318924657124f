import { describe, expect, it } from 'vitest';
import { messageHref } from '../../components/MessageLink';
import { aboutLine, aboutPath, linkParts, messagesLabel } from './message-link';

describe('messageHref', () => {
  it('opens the composer to the member, about a page when given', () => {
    expect(messageHref('maya')).toBe('/message?to=maya');
    expect(messageHref('maya', '/maya/abc')).toBe('/message?to=maya&about=%2Fmaya%2Fabc');
    expect(messageHref('a b&c', '/orders#order-card-1')).toBe(
      '/message?to=a+b%26c&about=%2Forders%23order-card-1',
    );
  });
});

describe('aboutPath', () => {
  it('keeps a path of this site', () => {
    expect(aboutPath('/maya/abc')).toBe('/maya/abc');
    expect(aboutPath('/orders#order-card-1')).toBe('/orders#order-card-1');
  });
  it('refuses other sites, odd characters and long values', () => {
    for (const bad of [
      null,
      '',
      'maya',
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test/',
      'javascript:alert(1)',
      '/a b',
      '/a\nb',
      `/${'a'.repeat(300)}`,
    ])
      expect(aboutPath(bad)).toBeNull();
  });
});

describe('aboutLine', () => {
  it('is the page’s full address, then an empty line to write under', () => {
    expect(aboutLine('https://shop.test/', '/maya/abc')).toBe(
      'About https://shop.test/maya/abc\n\n',
    );
  });
});

describe('linkParts', () => {
  const site = 'https://shop.test';
  it('turns this site’s addresses into links, without closing punctuation', () => {
    expect(linkParts('About https://shop.test/maya/abc.\n\nHi!', site)).toEqual([
      { text: 'About ' },
      { text: 'https://shop.test/maya/abc', path: '/maya/abc' },
      { text: '.\n\nHi!' },
    ]);
    expect(linkParts('see https://shop.test', site)).toEqual([
      { text: 'see ' },
      { text: 'https://shop.test', path: '/' },
    ]);
  });
  it('leaves other addresses, and look-alike hosts, as text', () => {
    for (const text of [
      'https://evil.test/maya',
      'https://shop.test.evil.test/x',
      'https://shop.testing/x',
      'no links here',
    ])
      expect(linkParts(text, site)).toEqual([{ text }]);
    expect(linkParts('https://shop.test/x', '')).toEqual([{ text: 'https://shop.test/x' }]);
  });
});

describe('messagesLabel', () => {
  it('names the unread count for screen readers', () => {
    expect(messagesLabel(0)).toBe('Messages');
    expect(messagesLabel(2)).toBe('Messages, 2 unread');
  });
});
