import sharp from 'sharp';
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
}

export interface ProcessedImage {
  /** 320×320 centre-cropped WebP. */
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

/**
 * Validates an uploaded image by its bytes and produces the two stored variants. Every failure
 * caused by the input becomes an ImageRejectedError, so a bad upload is a 400, not a crash.
 */
export async function processImage(
  buf: Buffer,
  opts: ProcessImageOptions = {},
): Promise<ProcessedImage> {
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
  const input = { limitInputPixels: maxPixels, failOn: 'warning' as const };
  try {
    // The header is read first so an oversized image is refused before anything is decoded.
    const meta = await sharp(buf, input).metadata();
    if (!meta.width || !meta.height) throw new ImageRejectedError(UNREADABLE);
    if (meta.width * meta.height > maxPixels) throw tooManyPixels;

    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF
    // (including GPS position) and ICC/XMP are stripped from both outputs.
    const base = sharp(buf, input).rotate();
    const [thumbnail, full] = await Promise.all([
      base
        .clone()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer(),
      base
        .clone()
        .resize(FULLSIZE_MAX, FULLSIZE_MAX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return { thumbnail, fullsize: full.data, width: full.info.width, height: full.info.height };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels;
    throw new ImageRejectedError(UNREADABLE, { cause: err });
  }
}
