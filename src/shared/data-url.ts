// Data URLs of chosen files (SPEC §5, §9): the media type a file is uploaded as, and the bytes,
// decoded in 512-byte slices so a large video never becomes one giant intermediate array.
// Browser- and server-safe: only atob, Uint8Array and Blob.

/** SPEC §9 "Upload decoding chunk size: 512". */
export const DATA_URL_CHUNK_SIZE = 512;

export interface ParsedDataUrl {
  /** Lower case, without parameters; '' when the URL names none. */
  mediaType: string;
  base64: boolean;
  /** What follows the comma, still encoded. */
  payload: string;
}

/** `data:[<type>][;param…][;base64],<payload>` → its parts; null for anything else. */
export function parseDataUrl(url: string): ParsedDataUrl | null {
  if (!/^data:/i.test(url)) return null;
  const comma = url.indexOf(',');
  if (comma < 0) return null;
  const params = url.slice(5, comma).split(';');
  const mediaType = (params[0] ?? '').trim().toLowerCase();
  const base64 = params.slice(1).some((p) => p.trim().toLowerCase() === 'base64');
  return { mediaType, base64, payload: url.slice(comma + 1) };
}

/**
 * The type a file is uploaded as (SPEC §5): QuickTime video is sent as MP4, every audio type as
 * audio/mpeg; anything else unchanged.
 */
export function uploadMediaType(mediaType: string): string {
  const type = mediaType.trim().toLowerCase();
  if (type === 'video/quicktime') return 'video/mp4';
  if (type.startsWith('audio/')) return 'audio/mpeg';
  return type;
}

/** The upload type of a data URL's content (SPEC §5); null when it is not a data URL or names none. */
export function mediaTypeFromDataUrl(url: string): string | null {
  const parsed = parseDataUrl(url);
  return parsed?.mediaType ? uploadMediaType(parsed.mediaType) : null;
}

/** A binary string (one char per byte, as atob gives) → byte arrays of at most `size` bytes. */
function sliceBytes(binary: string, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < binary.length; offset += size) {
    const slice = binary.slice(offset, offset + size);
    const bytes = new Uint8Array(slice.length);
    for (let i = 0; i < slice.length; i++) bytes[i] = slice.charCodeAt(i);
    chunks.push(bytes);
  }
  return chunks;
}

/** Percent-encoded text → a binary string of its UTF-8 bytes (non-base64 data URLs). */
function percentDecodedBinary(payload: string): string {
  const bytes = new TextEncoder().encode(decodeURIComponent(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
}

/**
 * A data URL's bytes in slices of `chunkSize` (512 by default, SPEC §9). Throws TypeError for a
 * string that is not a data URL or whose base64 is malformed.
 */
export function decodeDataUrl(url: string, chunkSize: number = DATA_URL_CHUNK_SIZE): Uint8Array[] {
  if (!Number.isInteger(chunkSize) || chunkSize < 1)
    throw new RangeError(`Not a chunk size: ${chunkSize}`);
  const parsed = parseDataUrl(url);
  if (!parsed) throw new TypeError('Not a data URL.');
  let binary: string;
  try {
    binary = parsed.base64
      ? atob(parsed.payload.replace(/\s+/g, ''))
      : percentDecodedBinary(parsed.payload);
  } catch {
    throw new TypeError('The data URL is malformed.');
  }
  return sliceBytes(binary, chunkSize);
}

/** A data URL → a Blob of its bytes, typed with the upload type of SPEC §5 (b64toBlob). */
export function dataUrlToBlob(url: string, chunkSize: number = DATA_URL_CHUNK_SIZE): Blob {
  const chunks = decodeDataUrl(url, chunkSize);
  return new Blob(chunks as BlobPart[], { type: mediaTypeFromDataUrl(url) ?? '' });
}
