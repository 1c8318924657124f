import QRCode from 'qrcode';
import {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  parseOpaqueColor,
  relativeLuminance,
  type Rgb,
} from '../../../shared/color-contrast';
import type { SiteQrFormat, SiteShare } from '../../../shared/contracts/sites';
import type { Env } from '../../config/env';
import { appOrigin, cachePerInstance, type ModuleDeps } from '../core';
import { findSiteByDomain, getMySite } from './read';

/** Dark modules on a light ground, as every scanner reads them; the fallback when colours do not. */
export const QR_FALLBACK = { dark: '#000000', light: '#ffffff' } as const;

export interface QrColors {
  dark: string;
  light: string;
}

const hex = (c: Rgb) => `#${c.map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;

/**
 * The seller's colours for their code: the button colour (their brand) or else their text colour,
 * as modules on their page background, when the pair contrasts at least 4.5:1 and the modules are
 * the darker one (many scanners do not read inverted codes). Otherwise black on white.
 */
export function qrColors(site: {
  backgroundColor: string;
  buttonBackgroundColor: string;
  textColor: string;
}): QrColors {
  const light = parseOpaqueColor(site.backgroundColor);
  if (!light) return { ...QR_FALLBACK };
  for (const candidate of [site.buttonBackgroundColor, site.textColor]) {
    const dark = parseOpaqueColor(candidate);
    if (
      dark &&
      relativeLuminance(dark) < relativeLuminance(light) &&
      contrastRatio(dark, light) >= MIN_TEXT_CONTRAST
    )
      return { dark: hex(dark), light: hex(light) };
  }
  return { ...QR_FALLBACK };
}

/**
 * The address the seller shares: their verified custom domain while it is served (the same rule
 * as the domain's pages: verified and on a plan with custom domains), else `{APP_URL}/{username}`.
 */
export async function sitePublicUrl(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  site: { _id: string; username: string; domainName: string | null },
): Promise<string> {
  if (site.domainName) {
    const served = await findSiteByDomain(deps, site.domainName);
    if (served?._id === site._id) return `https://${site.domainName}/`;
  }
  return `${appOrigin(deps)}/${encodeURIComponent(site.username)}`;
}

export type SiteQrCode =
  | { format: 'svg'; url: string; body: string; filename: string }
  | { format: 'png'; url: string; body: Buffer; filename: string };

/** PNG side in pixels: sharp enough to print on a flyer, small enough to send in a message. */
const PNG_WIDTH = 1024;

type QrDeps = Pick<ModuleDeps, 'db' | 'env' | 'now'>;

/**
 * The owner's page address and how to draw it. Error correction M survives a smudge; the
 * 4-module quiet zone is the standard's.
 */
async function ownerCode(deps: QrDeps, userId: string) {
  const site = await getMySite(deps, userId);
  const url = await sitePublicUrl(deps, site);
  const options = { errorCorrectionLevel: 'M', margin: 4, color: qrColors(site) } as const;
  return { username: site.username, url, options };
}

type QrOptions = Awaited<ReturnType<typeof ownerCode>>['options'];

/** A PNG is ~7 KB, an SVG ~2 KB: a few MB hold every active seller's codes. */
const QR_CACHE = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 } as const;

/**
 * The drawn codes of one app instance, by what they depend on alone (the address, the colours,
 * the format): a change of either is a new key, so nothing has to be forgotten. A 1024-pixel PNG
 * takes ~50 ms of the event loop, and the page editor asks for the same SVG on every visit.
 * `loads` counts draws.
 */
export const qrCodeCache = cachePerInstance<string | Buffer>({
  ...QR_CACHE,
  sizeOf: (code) => code.length,
});

function drawSvg(env: Env, url: string, options: QrOptions): Promise<string> {
  const key = `svg ${options.color.dark} ${options.color.light} ${url}`;
  return qrCodeCache(env).get(key, () =>
    QRCode.toString(url, { ...options, type: 'svg' }),
  ) as Promise<string>;
}

function drawPng(env: Env, url: string, options: QrOptions): Promise<Buffer> {
  const key = `png ${options.color.dark} ${options.color.light} ${url}`;
  return qrCodeCache(env).get(key, () =>
    QRCode.toBuffer(url, { ...options, type: 'png', width: PNG_WIDTH }),
  ) as Promise<Buffer>;
}

/**
 * GET /sites/qr: the QR code of the owner's own page, drawn here (no third-party service sees who
 * shares what): SVG, or a PNG to save.
 */
export async function siteQrCode(
  deps: QrDeps,
  userId: string,
  format: SiteQrFormat,
): Promise<SiteQrCode> {
  const { username, url, options } = await ownerCode(deps, userId);
  const filename = `${username}-qr-code.${format}`;
  if (format === 'png')
    return { format, url, body: await drawPng(deps.env, url, options), filename };
  return { format, url, body: await drawSvg(deps.env, url, options), filename };
}

/** GET /sites/share: the page's address with its code as SVG, for the editor to show inline. */
export async function siteShare(deps: QrDeps, userId: string): Promise<SiteShare> {
  const { url, options } = await ownerCode(deps, userId);
  return { url, svg: await drawSvg(deps.env, url, options) };
}
