import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_SITES, demoLogo } from '../../../src/server/demo/sites';
import {
  SITE_FONT_FAMILIES,
  normalizeHexColor,
  siteUpdateRequest,
} from '../../../src/shared/contracts/sites';
import { contrastRatio, parseOpaqueColor } from '../../../src/web/features/sites/site-theme';

const ratio = (a: string | undefined, b: string | undefined) =>
  contrastRatio(parseOpaqueColor(a!)!, parseOpaqueColor(b!)!);

describe('the demo sellers’ branding', () => {
  it.each(Object.entries(DEMO_SITES))(
    '%s: valid through the API’s own rules, readable (WCAG AA)',
    (_name, site) => {
      // Everything the seed writes could have been saved through PUT /sites unchanged.
      expect(siteUpdateRequest.parse(site)).toMatchObject(site);
      expect(SITE_FONT_FAMILIES).toContain(site.fontFamily);
      for (const [field, value] of Object.entries(site))
        if (field.endsWith('Color')) expect(normalizeHexColor(value as string), field).toBe(value);
      expect(ratio(site.headerTextColor, site.headerBackgroundColor)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(site.footerTextColor, site.footerBackgroundColor)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(site.textColor, site.backgroundColor)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(site.buttonTextColor, site.buttonBackgroundColor)).toBeGreaterThanOrEqual(4.5);
      // Buttons stand out from the page (non-text contrast, SC 1.4.11).
      expect(ratio(site.buttonBackgroundColor, site.backgroundColor)).toBeGreaterThanOrEqual(3);
    },
  );

  it('differs between the two sellers, one showing logo and name, one the logo only', () => {
    const { maya, leo } = DEMO_SITES;
    expect(maya.headerBackgroundColor).not.toBe(leo.headerBackgroundColor);
    expect(maya.fontFamily).not.toBe(leo.fontFamily);
    expect([maya.headerBranding, leo.headerBranding].sort()).toEqual(['both', 'logo']);
  });

  it('draws a distinct square transparent logo for each', async () => {
    const [maya, leo] = await Promise.all([demoLogo('maya'), demoLogo('leo')]);
    for (const logo of [maya, leo])
      expect(await sharp(logo).metadata()).toMatchObject({
        format: 'png',
        width: 256,
        height: 256,
        hasAlpha: true,
      });
    expect(maya.equals(leo)).toBe(false);
  });
});
