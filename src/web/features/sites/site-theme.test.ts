import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRANDING,
  contrastRatio,
  headerBrandingParts,
  parseOpaqueColor,
  readableTextColor,
  safeColor,
  safeFontFamily,
  safeFontScale,
  siteCssVariables,
} from './site-theme';
import { siteFontStack } from './components/SiteFontFace';
import { FONT_SCALE, SITE_FONTS } from '../../../shared/contracts/site-rules';

describe('site theme', () => {
  it('accepts colours and rejects CSS injection', () => {
    expect(safeColor('#fff', 'x')).toBe('#fff');
    expect(safeColor('#A1B2C3', 'x')).toBe('#A1B2C3');
    expect(safeColor('rgb(1, 2, 3)', 'x')).toBe('rgb(1, 2, 3)');
    expect(safeColor('rebeccapurple', 'x')).toBe('rebeccapurple');
    expect(safeColor('red; background:url(//evil)', 'x')).toBe('x');
    expect(safeColor('#12', 'x')).toBe('x');
    expect(safeColor(null, 'x')).toBe('x');
  });

  it('turns a font family into the stack of an allowed font, never the text as given', () => {
    const system = SITE_FONTS[0].stack;
    expect(safeFontFamily('Inter')).toBe("'Inter', system-ui, sans-serif");
    expect(safeFontFamily('  playfair display ')).toBe("'Playfair Display', Georgia, serif");
    expect(safeFontFamily('Lora')).toBe(siteFontStack('Lora'));
    // Anything off the list (a stack, a family we do not host, CSS injection) is the device font.
    expect(safeFontFamily("'Inter', sans-serif")).toBe(system);
    expect(safeFontFamily('Georgia, serif')).toBe(system);
    expect(safeFontFamily('x;}body{display:none')).toBe(system);
    expect(safeFontFamily(null)).toBe(system);
    expect(safeFontFamily(DEFAULT_BRANDING.fontFamily)).toBe(system);
    expect(siteCssVariables({ fontFamily: 'JetBrains Mono' })['--site-font' as never]).toBe(
      "'JetBrains Mono', ui-monospace, monospace",
    );
  });

  it('clamps the font scale to the range the editor offers', () => {
    expect(safeFontScale(FONT_SCALE.min - 1)).toBe(FONT_SCALE.min);
    expect(safeFontScale(FONT_SCALE.max + 1)).toBe(FONT_SCALE.max);
    expect(safeFontScale(1.1)).toBe(1.1);
    expect(safeFontScale(Number.NaN)).toBe(1);
    expect(safeFontScale(undefined)).toBe(1);
  });

  it('sets every site variable with defaults', () => {
    const vars = siteCssVariables({ headerBackgroundColor: '#000000', fontScale: 9 }) as Record<
      string,
      string
    >;
    expect(vars['--site-header-bg']).toBe('#000000');
    expect(vars['--site-footer-bg']).toBe(DEFAULT_BRANDING.footerBackgroundColor);
    expect(vars['--site-font-scale']).toBe(String(FONT_SCALE.max));
    expect(Object.keys(vars)).toHaveLength(14);
  });

  it('parses opaque hex and rgb() colours only', () => {
    expect(parseOpaqueColor('#fff')).toEqual([255, 255, 255]);
    expect(parseOpaqueColor('#0F172A')).toEqual([15, 23, 42]);
    expect(parseOpaqueColor('#0f172aff')).toEqual([15, 23, 42]);
    expect(parseOpaqueColor('#0f172a80')).toBeNull();
    expect(parseOpaqueColor('rgb(255, 0, 0)')).toEqual([255, 0, 0]);
    expect(parseOpaqueColor('rgb(100% 0% 50% / 1)')).toEqual([255, 0, 127.5]);
    expect(parseOpaqueColor('rgba(0, 0, 0, 0.5)')).toBeNull();
    expect(parseOpaqueColor('hsl(0 0% 0%)')).toBeNull();
    expect(parseOpaqueColor('rebeccapurple')).toBeNull();
  });

  it('measures WCAG contrast', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
    expect(contrastRatio([255, 255, 255], [118, 118, 118])).toBeCloseTo(4.54, 2);
  });

  it('keeps readable text colours and replaces unreadable ones (WCAG 1.4.3)', () => {
    expect(readableTextColor('#fff7ed', '#7c2d12')).toBe('#fff7ed');
    expect(readableTextColor('#ffffff', '#fde047')).toBe(DEFAULT_BRANDING.textColor);
    expect(readableTextColor('#1e3a8a', '#172554')).toBe('#ffffff');
    // #767676 on white just passes, but not when dimmed to 80 %.
    expect(readableTextColor('#767676', '#ffffff')).toBe('#767676');
    expect(readableTextColor('#767676', '#ffffff', 0.8)).toBe(DEFAULT_BRANDING.textColor);
    // What it cannot measure is left as chosen.
    expect(readableTextColor('hsl(0 0% 90%)', '#ffffff')).toBe('hsl(0 0% 90%)');
    expect(readableTextColor('#eeeeee', 'white')).toBe('#eeeeee');
  });

  it("keeps the owner's colours when they read, fixes each pair that does not", () => {
    const readable = siteCssVariables({
      headerBackgroundColor: '#7c2d12',
      headerTextColor: '#fff7ed',
      footerBackgroundColor: '#431407',
      footerTextColor: '#ffedd5',
      backgroundColor: '#fff7ed',
      textColor: '#1c1917',
      buttonBackgroundColor: '#c2410c',
      buttonTextColor: '#ffffff',
    }) as Record<string, string>;
    expect(readable['--site-header-text']).toBe('#fff7ed');
    expect(readable['--site-footer-text']).toBe('#ffedd5');
    expect(readable['--site-text']).toBe('#1c1917');
    expect(readable['--site-button-text']).toBe('#ffffff');

    const clashing = siteCssVariables({
      headerBackgroundColor: '#000000',
      backgroundColor: '#111111',
      buttonBackgroundColor: '#fde047',
      buttonTextColor: '#ffffff',
    }) as Record<string, string>;
    expect(clashing['--site-header-text']).toBe('#ffffff');
    expect(clashing['--site-text']).toBe('#ffffff');
    expect(clashing['--site-button-text']).toBe(DEFAULT_BRANDING.textColor);
  });

  it("makes the owner's button colour the page's accent where it reads, a safe colour elsewhere", () => {
    const accents = (site: Parameters<typeof siteCssVariables>[0]) => {
      const v = siteCssVariables(site) as Record<string, string>;
      return {
        accent: v['--site-accent'],
        focus: v['--site-focus'],
        card: v['--site-card-accent'],
        cardText: v['--site-card-accent-text'],
      };
    };
    // Terracotta on cream (the demo's Maya): text on the page and on white cards, and the ring.
    expect(
      accents({
        backgroundColor: '#fff7ed',
        textColor: '#292524',
        buttonBackgroundColor: '#9a3412',
      }),
    ).toEqual({ accent: '#9a3412', focus: '#9a3412', card: '#9a3412', cardText: '#ffffff' });
    // A bright orange (3.4:1 on cream) is a visible focus ring but too faint for text: the page's
    // text colour takes its place as text, on the page and on cards (it reads on white too).
    expect(
      accents({
        backgroundColor: '#fff7ed',
        textColor: '#292524',
        buttonBackgroundColor: '#ea580c',
      }),
    ).toEqual({ accent: '#292524', focus: '#ea580c', card: '#292524', cardText: '#ffffff' });
    // Yellow buttons read on nothing light: the text colour everywhere; on a chip filled with it,
    // the owner's dark button text would not read, so white does.
    expect(
      accents({
        backgroundColor: '#f9fafb',
        textColor: '#111827',
        buttonBackgroundColor: '#fde047',
        buttonTextColor: '#111827',
      }),
    ).toEqual({ accent: '#111827', focus: '#111827', card: '#111827', cardText: '#ffffff' });
    // Midnight (dark page, light text): the mint accent reads on the page but not on white cards,
    // where the light page text would not read either: dark text stands in there.
    expect(
      accents({
        backgroundColor: '#111827',
        textColor: '#f3f4f6',
        buttonBackgroundColor: '#34d399',
        buttonTextColor: '#052e16',
      }),
    ).toEqual({
      accent: '#34d399',
      focus: '#34d399',
      card: DEFAULT_BRANDING.textColor,
      cardText: '#ffffff',
    });
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
