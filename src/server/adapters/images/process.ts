import type { ResizeOptions, Sharp } from 'sharp';
import sharp from './sharp';
import { sniffMediaType, type SniffedMediaType } from './sniff';

/** A user-facing reason an image was refused; `message` is safe to show as is. */
export class ImageRejectedError extends Error {
  readonly statusCode = 400;
  readonly code = 'IMAGE_REJECTED';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
  }
}

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded size cap: a few KB of PNG can claim 100k×100k pixels (a decompression bomb). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const THUMBNAIL_SIZE = 320;
export const FULLSIZE_MAX = 1600;

export interface ProcessImageOptions {
  maxBytes?: number;
  maxPixels?: number;
  /**
   * How the thumbnail fits its 320×320 box: 'cover' crops a square around the centre of interest
   * (avatars); 'contain' keeps the whole picture, never enlarged (logos, often wide wordmarks).
   */
  thumbnailFit?: 'cover' | 'contain';
}

export interface ProcessedImage {
  /** 320×320 centre-cropped WebP (or fitted inside 320×320 with `thumbnailFit: 'contain'`). */
  thumbnail: Buffer;
  /** Fits inside 1600×1600 (never enlarged), WebP. */
  fullsize: Buffer;
  /** Dimensions of `fullsize`. */
  width: number;
  height: number;
}

const ACCEPTED: ReadonlySet<SniffedMediaType> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
]);
const UNREADABLE = 'We could not read this image. Please upload a different file.';

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

type SharpInput = { limitInputPixels: number; failOn: 'warning' };

/**
 * The checks every image goes through before it is decoded — size, real type by its bytes, pixel
 * count from the header — then `work` on it; every failure caused by the input becomes an
 * ImageRejectedError, so a bad upload is a 400, not a crash. `work` gets the source to decode.
 */
async function withCheckedImage<T>(
  buf: Buffer,
  opts: ProcessImageOptions,
  work: (source: () => Sharp) => Promise<T>,
): Promise<T> {
  const maxBytes = opts.maxBytes ?? IMAGE_MAX_BYTES;
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS;
  if (buf.length > maxBytes)
    throw new ImageRejectedError(`Images must be ${megabytes(maxBytes)} MB or smaller.`);
  const type = sniffMediaType(buf);
  if (!type || !ACCEPTED.has(type)) {
    throw new ImageRejectedError('Please upload a JPEG, PNG, GIF, WebP or AVIF image.');
  }
  const tooManyPixels = new ImageRejectedError(
    `Images can be at most ${Number((maxPixels / 1_000_000).toFixed(2))} megapixels.`,
  );

  // sharp's default failOn ('warning') is kept on purpose: a truncated JPEG is only a libjpeg
  // warning and would otherwise be stored with a grey lower half.
  const input: SharpInput = { limitInputPixels: maxPixels, failOn: 'warning' };
  try {
    // The header is read first so an oversized image is refused before anything is decoded.
    const meta = await sharp(buf, input).metadata();
    if (!meta.width || !meta.height) throw new ImageRejectedError(UNREADABLE);
    if (meta.width * meta.height > maxPixels) throw tooManyPixels;
    return await work(() => sharp(buf, input));
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels;
    throw new ImageRejectedError(UNREADABLE, { cause: err });
  }
}

/** Validates an uploaded image by its bytes and produces the two stored variants (avatars). */
export async function processImage(
  buf: Buffer,
  opts: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  return withCheckedImage(buf, opts, async (source) => {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF
    // (including GPS position) and ICC/XMP are stripped from both outputs.
    const base = source().rotate();
    const thumbnailResize: ResizeOptions =
      opts.thumbnailFit === 'contain'
        ? { fit: 'inside', withoutEnlargement: true }
        : { fit: 'cover', position: 'attention' };
    const [thumbnail, full] = await Promise.all([
      base
        .clone()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, thumbnailResize)
        .webp({ quality: 80 })
        .toBuffer(),
      base
        .clone()
        .resize(FULLSIZE_MAX, FULLSIZE_MAX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return { thumbnail, fullsize: full.data, width: full.info.width, height: full.info.height };
  });
}

/** Widths of a post image's stored variants (DESIGN §4 media: thumbnails and fullsizes). */
export const VARIANT_WIDTHS = { thumbnails: [320, 640], fullsizes: [800, 1600] } as const;

export interface ImageVariant {
  kind: 'thumbnail' | 'fullsize';
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedVariants {
  /** Smallest first within each kind; sizes never exceed the source (duplicates dropped). */
  variants: ImageVariant[];
  /** Dimensions of the largest fullsize. */
  width: number;
  height: number;
}

const distinct = (widths: readonly number[], cap: number) =>
  [...new Set(widths.map((w) => Math.min(w, cap)))].sort((a, b) => a - b);

/**
 * A post image's `srcset` variants, all WebP: square thumbnails (centre of interest kept) and
 * fullsizes that fit inside a square, never enlarged. EXIF orientation is applied and every
 * metadata block (EXIF with GPS, XMP, ICC) is dropped. The source is decoded once: a JPEG is
 * shrunk while it is decoded straight to the largest size, and the other variants are cut from
 * those pixels, which keeps a 12 MP photo well under a second.
 */
export async function processImageVariants(
  buf: Buffer,
  opts: ProcessImageOptions = {},
): Promise<ProcessedVariants> {
  return withCheckedImage(buf, opts, async (source) => {
    const largest = Math.max(...VARIANT_WIDTHS.fullsizes);
    const base = await source()
      .rotate()
      .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = base.info;
    const pixels = () => sharp(base.data, { raw: { width, height, channels } });

    const jobs: Promise<ImageVariant>[] = [];
    for (const size of distinct(VARIANT_WIDTHS.thumbnails, Math.min(width, height))) {
      jobs.push(
        pixels()
          .resize(size, size, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer()
          .then((data) => ({ kind: 'thumbnail', width: size, height: size, data })),
      );
    }
    for (const w of distinct(VARIANT_WIDTHS.fullsizes, Math.max(width, height))) {
      const pipeline =
        w >= Math.max(width, height) ? pixels() : pixels().resize(w, w, { fit: 'inside' });
      jobs.push(
        pipeline
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({
            kind: 'fullsize',
            width: info.width,
            height: info.height,
            data,
          })),
      );
    }
    const variants = await Promise.all(jobs);
    const full = variants.filter((v) => v.kind === 'fullsize');
    const top = full[full.length - 1]!;
    return { variants, width: top.width, height: top.height };
  });
}
