import type { OverlayOptions, Sharp } from 'sharp';
import sharp from './sharp';
import { SHARE_IMAGE_SIZE } from '../../../shared/share-images';
import { parseOpaqueColor, readableTextColor } from '../../../shared/color-contrast';
import { IMAGE_MAX_PIXELS } from './process';
import { escapeXml } from '../../../shared/xml';
import { textWidth, wrapText } from './svg-text';

/**
 * A page's share image (Open Graph / Twitter card, 1200×630 JPEG) in the site's colours: the
 * header background fills the card, the logo sits top left above the title (the site's name or a
 * post's title), then the post's price on a chip in the button colours and a line of smaller text,
 * the brand name in the bottom corner, and a photo on the right. Text is drawn by librsvg with the
 * system's `sans-serif` (fontconfig), escaped and wrapped here (svg-text.ts).
 */
export interface ShareCardInput {
  colors: {
    /** The site's header background: the card's background. */
    background: string;
    /** The site's header text colour (replaced when it would not read on the background). */
    text: string;
    /** The site's button colours, for the price chip. */
    accent: string;
    accentText: string;
  };
  title: string;
  /** Formatted price of a post (absent on a site's card). */
  price?: string | null;
  /** Under the title: the site's description, or on a post the site's name. */
  subtitle: string;
  /** The marketplace's name, small in the bottom-left corner. */
  brand: string;
  /** Stored image bytes (any format sharp reads); unreadable bytes are left out, not an error. */
  logo: Buffer | null;
  photo: Buffer | null;
}

const { width: W, height: H } = SHARE_IMAGE_SIZE;
const PAD = 56;
const LOGO = 96;
const LOGO_MAX_WIDTH = 360;
const PHOTO = { left: 672, top: PAD, width: W - 672 - PAD, height: H - 2 * PAD, radius: 28 };
/** How wide the card shows a photo: a stored variant at least this wide looks sharp. */
export const SHARE_CARD_PHOTO_WIDTH = PHOTO.width;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const TITLE = { size: 60, lineHeight: 72, maxLines: 3 };
const SUBTITLE = { size: 30, lineHeight: 40, maxLines: 3 };
const PRICE = { size: 42, height: 72, padX: 22 };
const BRAND = { size: 24 };
const GAP = 24;

/** A colour as `#rrggbb` when it is an opaque colour, else `fallback`: nothing else reaches the SVG. */
function svgColor(value: string, fallback: string): string {
  const rgb = parseOpaqueColor(value);
  if (!rgb) return fallback;
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

const input = { limitInputPixels: IMAGE_MAX_PIXELS };

/** A layer ready to lay over the card: raw RGBA pixels (encoding them as PNG would cost more than the card). */
type Tile = { data: Buffer; width: number; height: number };

async function rawTile(pipeline: Sharp): Promise<Tile | null> {
  try {
    const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** The photo cut to its frame with rounded corners (centred: thumbnails are already cut around their subject), or null when unreadable. */
function photoTile(bytes: Buffer | null): Promise<Tile | null> {
  if (!bytes) return Promise.resolve(null);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}"><rect width="${PHOTO.width}" height="${PHOTO.height}" rx="${PHOTO.radius}" fill="#fff"/></svg>`,
  );
  return rawTile(
    sharp(bytes, input)
      .rotate()
      .resize(PHOTO.width, PHOTO.height, { fit: 'cover', position: 'centre' })
      .composite([{ input: mask, blend: 'dest-in' }]),
  );
}

/** The logo at LOGO pixels high (wide logos up to LOGO_MAX_WIDTH), or null when unreadable. */
function logoTile(bytes: Buffer | null): Promise<Tile | null> {
  if (!bytes) return Promise.resolve(null);
  return rawTile(sharp(bytes, input).rotate().resize(LOGO_MAX_WIDTH, LOGO, { fit: 'inside' }));
}

function textLines(
  lines: string[],
  x: number,
  firstBaseline: number,
  lineHeight: number,
  attrs: string,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${firstBaseline + i * lineHeight}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The first letter of `text`, in upper case, for a card without a photo. */
const initialOf = (text: string) => ([...text.trim()][0] ?? '').toLocaleUpperCase('en-US');

/** The SVG of the card without its bitmaps: background, text, the price chip, the photo's stand-in. */
function cardSvg(card: ShareCardInput, hasLogo: boolean, hasPhoto: boolean): string {
  const background = svgColor(card.colors.background, '#ffffff');
  const text = svgColor(
    readableTextColor(svgColor(card.colors.text, '#111827'), background),
    '#111827',
  );
  // Secondary text is shown at 85 % opacity: it must still read when blended.
  const soft = svgColor(readableTextColor(text, background, 0.85), '#111827');
  const accent = svgColor(card.colors.accent, '#4338ca');
  const accentText = svgColor(
    readableTextColor(svgColor(card.colors.accentText, '#ffffff'), accent),
    '#ffffff',
  );
  const columnWidth = PHOTO.left - GAP * 2 - PAD;
  const bottom = H - PAD - BRAND.size - GAP;
  const font = (size: number, fill: string, bold: boolean, opacity = 1) =>
    `font-family="${FONT}" font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="${fill}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ''}`;

  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${background}"/>`];
  if (!hasPhoto) {
    // Without a photo the frame holds the title's initial in the button colours.
    const { left, top, width, height, radius } = PHOTO;
    parts.push(
      `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="${radius}" fill="${accent}"/>`,
      `<text x="${left + width / 2}" y="${top + height / 2 + 96}" text-anchor="middle" ${font(270, accentText, true)}>${escapeXml(initialOf(card.title))}</text>`,
    );
  }
  let y = PAD + (hasLogo ? LOGO + GAP : 0);

  // The title takes what the price chip and one line of the subtitle leave.
  const reserved =
    GAP + (card.price ? PRICE.height + GAP : 0) + (card.subtitle.trim() ? SUBTITLE.lineHeight : 0);
  const titleLines = Math.max(
    1,
    Math.min(TITLE.maxLines, Math.floor((bottom - y - reserved) / TITLE.lineHeight)),
  );
  const title = wrapText(card.title, {
    maxWidth: columnWidth,
    fontSize: TITLE.size,
    maxLines: titleLines,
  });
  parts.push(textLines(title, PAD, y + TITLE.size, TITLE.lineHeight, font(TITLE.size, text, true)));
  y += title.length * TITLE.lineHeight + GAP;

  if (card.price) {
    const label = card.price;
    const chipWidth = Math.min(
      columnWidth,
      Math.ceil(textWidth(label, PRICE.size)) + PRICE.padX * 2,
    );
    parts.push(
      `<rect x="${PAD}" y="${y}" width="${chipWidth}" height="${PRICE.height}" rx="16" fill="${accent}"/>`,
      `<text x="${PAD + PRICE.padX}" y="${y + PRICE.height / 2 + PRICE.size * 0.36}" ${font(PRICE.size, accentText, true)}>${escapeXml(label)}</text>`,
    );
    y += PRICE.height + GAP;
  }

  const maxLines = Math.min(SUBTITLE.maxLines, Math.floor((bottom - y) / SUBTITLE.lineHeight));
  if (maxLines > 0) {
    const subtitle = wrapText(card.subtitle, {
      maxWidth: columnWidth,
      fontSize: SUBTITLE.size,
      maxLines,
      bold: false,
    });
    parts.push(
      textLines(
        subtitle,
        PAD,
        y + SUBTITLE.size,
        SUBTITLE.lineHeight,
        font(SUBTITLE.size, soft, false, 0.85),
      ),
    );
  }

  const brand = wrapText(card.brand, { maxWidth: columnWidth, fontSize: BRAND.size, maxLines: 1 });
  parts.push(textLines(brand, PAD, H - PAD, 0, font(BRAND.size, soft, true, 0.85)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

/** Draws the card as a baseline JPEG (SHARE_IMAGE_SIZE), without metadata. */
export async function composeShareCard(card: ShareCardInput): Promise<Buffer> {
  const [logo, photo] = await Promise.all([logoTile(card.logo), photoTile(card.photo)]);
  const layer = (tile: Tile, left: number, top: number): OverlayOptions => ({
    input: tile.data,
    raw: { width: tile.width, height: tile.height, channels: 4 },
    left,
    top,
  });
  const layers: OverlayOptions[] = [];
  if (logo) layers.push(layer(logo, PAD, PAD));
  if (photo) layers.push(layer(photo, PHOTO.left, PHOTO.top));
  return (
    sharp(Buffer.from(cardSvg(card, logo !== null, photo !== null)))
      .composite(layers)
      // The SVG's background rectangle makes every pixel opaque: no flatten() needed (it costs ~30 ms).
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer()
  );
}
