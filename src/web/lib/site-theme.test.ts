import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANDING,
  headerBrandingParts,
  safeColor,
  safeFontFamily,
  siteCssVariables,
} from './site-theme';

describe('site theme', () => {
  it('accepts colours and rejects CSS injection', () => {
    expect(safeColor('#fff', 'x')).toBe('#fff');
    expect(safeColor('#A1B2C3', 'x')).toBe('#A1B2C3');
    expect(safeColor('rgb(1, 2, 3)', 'x')).toBe('rgb(1, 2, 3)');
    expect(safeColor('rebeccapurple', 'x')).toBe('rebeccapurple');
    expect(safeColor('red; background:url(//evil)', 'x')).toBe('x');
    expect(safeColor('#12', 'x')).toBe('x');
    expect(safeColor(null, 'x')).toBe('x');
    expect(safeFontFamily("'Inter', sans-serif")).toBe("'Inter', sans-serif");
    expect(safeFontFamily('x;}body{display:none')).toBe(DEFAULT_BRANDING.fontFamily);
  });

  it('sets every site variable with defaults', () => {
    const vars = siteCssVariables({ headerBackgroundColor: '#000000', fontScale: 9 }) as Record<
      string,
      string
    >;
    expect(vars['--site-header-bg']).toBe('#000000');
    expect(vars['--site-footer-bg']).toBe(DEFAULT_BRANDING.footerBackgroundColor);
    expect(vars['--site-font-scale']).toBe('1.5');
    expect(Object.keys(vars)).toHaveLength(10);
  });

  it("shows name, logo or both per headerBranding ('both', 'logo', else name)", () => {
    const image = { thumbnail: '/media/logo.webp' };
    expect(headerBrandingParts({ headerBranding: 'both', image })).toMatchObject({
      showLogo: true,
      showName: true,
    });
    expect(headerBrandingParts({ headerBranding: 'logo', image })).toMatchObject({
      showLogo: true,
      showName: false,
    });
    expect(headerBrandingParts({ headerBranding: 'name', image })).toMatchObject({
      showLogo: false,
      showName: true,
    });
    expect(headerBrandingParts({ headerBranding: null, image })).toMatchObject({
      showLogo: false,
      showName: true,
    });
    // Without a logo the name is shown so the header is never empty.
    expect(headerBrandingParts({ headerBranding: 'logo', image: null })).toMatchObject({
      showLogo: false,
      showName: true,
    });
  });
});
