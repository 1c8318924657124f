import { describe, expect, it } from 'vitest';
import { escapeXml, withoutNonXmlChars } from './xml';

describe('XML text', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('drops characters XML cannot hold and keeps the rest, emoji included', () => {
    expect(withoutNonXmlChars('a\u0000b\u0007c\td\ne\uffff')).toBe('abc\td\ne');
    expect(withoutNonXmlChars('lone \ud800 high, lone \udc00 low, pair 😀')).toBe(
      'lone  high, lone  low, pair 😀',
    );
  });
});
