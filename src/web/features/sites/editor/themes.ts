import type { SiteColorField, SiteFontFamily } from '../../../../shared/contracts/site-rules';

/**
 * Ready-made starting points for a page's look: every colour field and a font. Each passes WCAG AA
 * for all four text/background pairs (themes.test.ts checks), so a theme never starts the owner
 * off with a contrast warning.
 */
export interface SiteTheme {
  id: string;
  name: string;
  colors: Record<SiteColorField, string>;
  fontFamily: SiteFontFamily;
}

export const SITE_THEMES: readonly SiteTheme[] = [
  {
    id: 'classic',
    name: 'Classic',
    fontFamily: 'system-ui',
    colors: {
      headerBackgroundColor: '#ffffff',
      headerTextColor: '#111827',
      footerBackgroundColor: '#111827',
      footerTextColor: '#f9fafb',
      backgroundColor: '#f9fafb',
      textColor: '#111827',
      buttonBackgroundColor: '#4f46e5',
      buttonTextColor: '#ffffff',
    },
  },
  {
    id: 'terracotta',
    name: 'Terracotta',
    fontFamily: 'Lora',
    colors: {
      headerBackgroundColor: '#7c2d12',
      headerTextColor: '#fff7ed',
      footerBackgroundColor: '#431407',
      footerTextColor: '#ffedd5',
      backgroundColor: '#fff7ed',
      textColor: '#1c1917',
      buttonBackgroundColor: '#c2410c',
      buttonTextColor: '#ffffff',
    },
  },
  {
    id: 'forest',
    name: 'Forest',
    fontFamily: 'Nunito',
    colors: {
      headerBackgroundColor: '#14532d',
      headerTextColor: '#f0fdf4',
      footerBackgroundColor: '#052e16',
      footerTextColor: '#dcfce7',
      backgroundColor: '#f0fdf4',
      textColor: '#14532d',
      buttonBackgroundColor: '#15803d',
      buttonTextColor: '#ffffff',
    },
  },
  {
    id: 'ocean',
    name: 'Ocean',
    fontFamily: 'Inter',
    colors: {
      headerBackgroundColor: '#0c4a6e',
      headerTextColor: '#e0f2fe',
      footerBackgroundColor: '#082f49',
      footerTextColor: '#bae6fd',
      backgroundColor: '#f0f9ff',
      textColor: '#0c4a6e',
      buttonBackgroundColor: '#0369a1',
      buttonTextColor: '#ffffff',
    },
  },
  {
    id: 'blush',
    name: 'Blush',
    fontFamily: 'Playfair Display',
    colors: {
      headerBackgroundColor: '#fdf2f8',
      headerTextColor: '#831843',
      footerBackgroundColor: '#831843',
      footerTextColor: '#fdf2f8',
      backgroundColor: '#fff1f2',
      textColor: '#4c0519',
      buttonBackgroundColor: '#be185d',
      buttonTextColor: '#ffffff',
    },
  },
  {
    id: 'midnight',
    name: 'Midnight',
    fontFamily: 'Space Grotesk',
    colors: {
      headerBackgroundColor: '#0f172a',
      headerTextColor: '#a7f3d0',
      footerBackgroundColor: '#020617',
      footerTextColor: '#cbd5e1',
      backgroundColor: '#111827',
      textColor: '#f3f4f6',
      buttonBackgroundColor: '#34d399',
      buttonTextColor: '#052e16',
    },
  },
];

/** The swatches a theme card shows, in the order people read a page: header, page, button, footer. */
export const THEME_SWATCHES: readonly SiteColorField[] = [
  'headerBackgroundColor',
  'backgroundColor',
  'buttonBackgroundColor',
  'footerBackgroundColor',
];

/** The theme whose colours and font are exactly these, if any (to mark it as the one in use). */
export function matchingTheme(
  colors: Partial<Record<SiteColorField, string>>,
  fontFamily: string,
): SiteTheme | undefined {
  return SITE_THEMES.find(
    (t) =>
      t.fontFamily === fontFamily &&
      (Object.keys(t.colors) as SiteColorField[]).every(
        (f) => (colors[f] ?? '').toLowerCase() === t.colors[f],
      ),
  );
}
