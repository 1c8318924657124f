import sharp from '../adapters/images/sharp';
import type { UserRow } from '../db/schema';
import type { ModuleDeps } from '../modules/core';
import { attachSiteLogo, storeSiteLogo, type SiteFields } from '../modules/sites';

type DemoSeller = 'maya' | 'leo';

/**
 * The demo sellers' branding: fonts from the self-hosted allow-list and colour pairs that pass
 * WCAG AA for normal text (every text/background pair is at least 5:1; see the demo seed test).
 */
export const DEMO_SITES: Record<DemoSeller, Partial<SiteFields>> = {
  maya: {
    name: 'Maya Chen Ceramics',
    description: 'Small-batch stoneware, thrown and glazed by hand.',
    headerBackgroundColor: '#7c2d12',
    headerTextColor: '#fff7ed',
    footerBackgroundColor: '#431407',
    footerTextColor: '#fed7aa',
    headerBranding: 'logo',
    backgroundColor: '#fff7ed',
    textColor: '#292524',
    buttonBackgroundColor: '#9a3412',
    buttonTextColor: '#ffffff',
    fontFamily: 'Lora',
    fontScale: 1.05,
    timeZone: 'America/Los_Angeles',
  },
  leo: {
    name: "Leo's Retro Hardware",
    description: 'Tested vintage PC parts, shipped with care.',
    headerBackgroundColor: '#0f172a',
    headerTextColor: '#86efac',
    footerBackgroundColor: '#020617',
    footerTextColor: '#cbd5e1',
    headerBranding: 'both',
    backgroundColor: '#f8fafc',
    textColor: '#0f172a',
    buttonBackgroundColor: '#047857',
    buttonTextColor: '#ffffff',
    fontFamily: 'JetBrains Mono',
    fontScale: 1,
    timeZone: 'Europe/London',
  },
};

// Logos are drawn from shapes only (no text): SVG text would depend on the fonts of the machine.
const LOGO_SVG: Record<DemoSeller, string> = {
  // A glazed vase on a terracotta disc, with a cream rim: reads at header size.
  maya: `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <circle cx="128" cy="128" r="124" fill="#fff7ed"/>
    <circle cx="128" cy="128" r="112" fill="#c2410c"/>
    <path d="M108 52 h40 v22 c40 18 52 70 26 118 h-92 c-26 -48 -14 -100 26 -118 z" fill="#fff7ed"/>
    <path d="M86 120 q42 22 84 0" fill="none" stroke="#9a3412" stroke-width="8" stroke-linecap="round"/>
    <ellipse cx="128" cy="53" rx="22" ry="6" fill="#fed7aa"/>
  </svg>`,
  // A green chip with pins on a dark rounded square: the retro-hardware mark.
  leo: `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect x="4" y="4" width="248" height="248" rx="48" fill="#0f172a"/>
    ${[0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${78 + i * 22}" y="40" width="10" height="26" fill="#86efac"/>` +
          `<rect x="${78 + i * 22}" y="190" width="10" height="26" fill="#86efac"/>` +
          `<rect x="40" y="${78 + i * 22}" width="26" height="10" fill="#86efac"/>` +
          `<rect x="190" y="${78 + i * 22}" width="26" height="10" fill="#86efac"/>`,
      )
      .join('')}
    <rect x="64" y="64" width="128" height="128" rx="12" fill="#22c55e"/>
    <rect x="92" y="92" width="72" height="72" rx="6" fill="#0f172a"/>
    <path d="M104 140 l20 -24 l14 14 l18 -22" fill="none" stroke="#86efac" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`,
};

/** A demo seller's logo as a transparent PNG, as an owner would upload it. */
export function demoLogo(seller: DemoSeller): Promise<Buffer> {
  return sharp(Buffer.from(LOGO_SVG[seller])).png().toBuffer();
}

/**
 * Gives each demo seller their logo through the same pipeline as PUT /sites/media (checks, WebP
 * variants, storage), attached inside the caller's transaction. Stored keys are pushed to
 * `written` as they land, so a caller whose transaction fails can delete the files.
 */
export async function seedDemoLogos(
  deps: ModuleDeps,
  sellers: Map<string, UserRow>,
  written: string[],
): Promise<void> {
  const owners = (Object.keys(LOGO_SVG) as DemoSeller[]).map((name) => {
    const seller = sellers.get(name);
    if (!seller) throw new Error(`demo seller ${name} is missing`);
    return { name, seller };
  });
  // Settle every upload before failing, so the caller's clean-up sees every key written.
  const stored = await Promise.allSettled(
    owners.map(async ({ name, seller }) => {
      const logo = await storeSiteLogo(deps, seller.id, await demoLogo(name));
      written.push(...logo.keys);
      return logo;
    }),
  );
  for (const [i, { seller }] of owners.entries()) {
    const result = stored[i]!;
    if (result.status === 'rejected') throw result.reason;
    await attachSiteLogo(deps, seller.id, result.value);
  }
}
