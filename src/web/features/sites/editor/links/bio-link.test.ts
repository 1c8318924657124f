import { describe, expect, it } from 'vitest';
import { BIO_LINK_SOURCES } from '../../../../../shared/source-names';
import { bioLinkFor } from './bio-link';

describe('bio links', () => {
  it("is the page's address with the platform's src, named as Insights names it", () => {
    expect(bioLinkFor('https://market.example/maya', 'instagram')).toEqual({
      url: 'https://market.example/maya?src=ig',
      platform: 'Instagram',
      label: 'Instagram bio link',
    });
    expect(bioLinkFor('https://market.example/maya', 'tiktok')?.url).toBe(
      'https://market.example/maya?src=tt',
    );
  });

  it("works on a seller's own domain", () => {
    expect(bioLinkFor('https://maya.example', 'youtube')?.url).toBe('https://maya.example/?src=yt');
  });

  it('has one for every platform of the list, none for a plain link, email or phone', () => {
    for (const icon of Object.keys(BIO_LINK_SOURCES) as (keyof typeof BIO_LINK_SOURCES)[])
      expect(bioLinkFor('https://m.example/maya', icon)?.url).toMatch(/\?src=[a-z]+$/);
    for (const icon of ['link', 'email', 'phone'] as const)
      expect(bioLinkFor('https://m.example/maya', icon)).toBeNull();
  });
});
