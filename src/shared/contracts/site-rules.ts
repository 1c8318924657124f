// The rules of a site's branding and custom domain (SPEC §3 Site), zod-free so the page layout,
// the editor and the server share them without loading a schema library.

/**
 * The fonts a site may use: self-hosted woff2 files (the latin subset of each variable font, one
 * file for every weight), served from /fonts/{file}. No third-party font CDN: a page must not tell
 * another company who opened it. `file: null` is the device's own font. Each file comes in two
 * parts (docs/decisions/082, font-ranges.ts): its basic Latin, which a page preloads, and the
 * whole file for the rest of Latin, which a browser fetches only for a page that uses some of it.
 */
export const SITE_FONTS = [
  { family: 'system-ui', label: 'System (fastest)', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', file: null, pkg: null },
  { family: 'Inter', label: 'Inter', stack: "'Inter', system-ui, sans-serif", file: 'inter-latin-wght-normal.woff2', pkg: 'inter' },
  { family: 'Nunito', label: 'Nunito (rounded)', stack: "'Nunito', system-ui, sans-serif", file: 'nunito-latin-wght-normal.woff2', pkg: 'nunito' },
  { family: 'Space Grotesk', label: 'Space Grotesk', stack: "'Space Grotesk', system-ui, sans-serif", file: 'space-grotesk-latin-wght-normal.woff2', pkg: 'space-grotesk' },
  { family: 'Lora', label: 'Lora (serif)', stack: "'Lora', Georgia, serif", file: 'lora-latin-wght-normal.woff2', pkg: 'lora' },
  { family: 'Playfair Display', label: 'Playfair Display (serif)', stack: "'Playfair Display', Georgia, serif", file: 'playfair-display-latin-wght-normal.woff2', pkg: 'playfair-display' },
  { family: 'JetBrains Mono', label: 'JetBrains Mono (monospace)', stack: "'JetBrains Mono', ui-monospace, monospace", file: 'jetbrains-mono-latin-wght-normal.woff2', pkg: 'jetbrains-mono' },
] as const;

export type SiteFont = (typeof SITE_FONTS)[number];
export type SiteFontFamily = SiteFont['family'];
export const SITE_FONT_FAMILIES = SITE_FONTS.map((f) => f.family) as [SiteFontFamily, ...SiteFontFamily[]];
export const DEFAULT_SITE_FONT: SiteFontFamily = 'system-ui';

/** The allowed font by its family name (case-insensitive), or undefined. */
export function siteFont(family: string | null | undefined): SiteFont | undefined {
  const wanted = (family ?? '').trim().toLowerCase();
  return SITE_FONTS.find((f) => f.family.toLowerCase() === wanted);
}

/** fontScale: how much bigger or smaller than the default the site's text is. */
export const FONT_SCALE = { min: 0.8, max: 1.4, step: 0.05 } as const;

export const SITE_LIMITS = { name: 80, description: 500 } as const;

/** The colour fields of a site, each a `#rrggbb` hex colour. */
export const SITE_COLOR_FIELDS = [
  'headerBackgroundColor',
  'headerTextColor',
  'footerBackgroundColor',
  'footerTextColor',
  'backgroundColor',
  'textColor',
  'buttonBackgroundColor',
  'buttonTextColor',
] as const;
export type SiteColorField = (typeof SITE_COLOR_FIELDS)[number];

/** Each colour field as people name it (the editor's labels, the API's messages). */
export const SITE_COLOR_LABELS: Record<SiteColorField, string> = {
  headerBackgroundColor: 'Header background',
  headerTextColor: 'Header text',
  footerBackgroundColor: 'Footer background',
  footerTextColor: 'Footer text',
  backgroundColor: 'Page background',
  textColor: 'Page text',
  buttonBackgroundColor: 'Button background',
  buttonTextColor: 'Button text',
};

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A hex colour as people type it (spaces around it, any case): what normalizeHexColor accepts. */
export const HEX_COLOR_INPUT = /^\s*#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*$/;

/** `#abc` / `ABCDEF` / `#AbCdEf` → `#aabbcc`; null for anything that is not a hex colour. */
export function normalizeHexColor(value: string): string | null {
  const m = HEX_COLOR.exec(value.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toLowerCase()}`;
}

/**
 * Custom domains. The owner proves control in one of two ways before the domain goes live: a TXT
 * record `{DOMAIN_TXT_PREFIX}.{domain}` holding `{DOMAIN_TXT_VALUE_PREFIX}{token}`, or the token
 * served as text at `http://{domain}{DOMAIN_HTTP_PATH}`.
 */
export const DOMAIN_TXT_PREFIX = '_storefront-verify';
export const DOMAIN_TXT_VALUE_PREFIX = 'storefront-verify=';
export const DOMAIN_HTTP_PATH = '/.well-known/storefront-verify.txt';
export const DOMAIN_STATUSES = ['none', 'pending', 'verified'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Why an owner no longer holds a domain they had claimed or verified. */
export const DOMAIN_LOSS_REASONS = [
  /** Another seller proved control of it first: this pending claim was dropped. */
  'claimed_by_another',
  /** The proof stayed missing through the whole grace period. */
  'proof_missing',
] as const;
export type DomainLossReason = (typeof DOMAIN_LOSS_REASONS)[number];

/**
 * How long a verified domain stays served after a check finds its proof gone (docs/decisions/049):
 * long enough to fix a DNS mistake over a weekend, short enough that a lapsed domain moves on.
 */
export const DOMAIN_PROOF_GRACE_MS = 72 * 3600_000;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A domain as people type it (`https://Shop.Example.com:443/path`, `münchen.de`) → its canonical
 * form (`shop.example.com`, `xn--mnchen-3ya.de`): lower case, punycode, no scheme, port, path or
 * trailing dot. Returns an error sentence instead when it cannot be a public host name.
 */
export function normalizeDomainName(input: string): { domain: string } | { error: string } {
  let value = input.trim();
  if (!value) return { error: 'Enter a domain name such as shop.example.com.' };
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  value = value.split(/[/?#]/)[0] ?? '';
  if (value.includes('@')) return { error: 'Enter only the domain name, such as shop.example.com.' };
  value = value.replace(/:\d*$/, '').replace(/\.$/, '');
  let host: string;
  try {
    // The URL parser lower-cases and converts to punycode the same way in browsers and Node.
    host = new URL(`http://${value}`).hostname;
  } catch {
    return { error: 'This is not a domain name. Use letters, digits, hyphens and dots, like shop.example.com.' };
  }
  if (host.length > 253) return { error: 'This domain name is too long.' };
  if (IPV4.test(host) || host.startsWith('[')) return { error: 'Use a domain name, not an IP address.' };
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)))
    return { error: 'This is not a domain name. Use letters, digits, hyphens and dots, like shop.example.com.' };
  if (/^\d+$/.test(labels.at(-1)!)) return { error: 'This domain name has no valid ending (like .com).' };
  if (host === 'localhost' || host.endsWith('.localhost'))
    return { error: 'Use a public domain name, not localhost.' };
  return { domain: host };
}
