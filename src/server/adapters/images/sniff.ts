export type SniffedMediaType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/avif'
  | 'video/mp4'
  | 'audio/mpeg';

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.length >= end ? buf.toString('latin1', start, end) : '';
}

/** ISO base media brands (the `ftyp` box) that are MP4 video; QuickTime is treated as MP4 (SPEC §5). */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VP',
  'f4v ',
  'mmp4',
  'msnv',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'qt  ',
]);
/** MP4 audio. SPEC §5 treats every audio type as audio/mpeg, so these map there too. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function sniffFtyp(buf: Buffer): SniffedMediaType | null {
  if (ascii(buf, 4, 8) !== 'ftyp') return null;
  const major = ascii(buf, 8, 12);
  // The box lists compatible brands after major brand + minor version; an AVIF may declare a
  // generic major brand (mif1) and name avif only there.
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(ascii(buf, at, at + 4));
  if (AVIF_BRANDS.has(major) || compatible.some((b) => AVIF_BRANDS.has(b))) return 'image/avif';
  if (VIDEO_BRANDS.has(major)) return 'video/mp4';
  if (AUDIO_BRANDS.has(major)) return 'audio/mpeg';
  return null;
}

/** An MPEG audio frame header: 11 sync bits, then no reserved version, layer, bitrate or rate. */
function isMpegFrame(buf: Buffer): boolean {
  if (buf.length < 4 || buf[0] !== 0xff) return false;
  const b1 = buf[1]!;
  const b2 = buf[2]!;
  if ((b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x03;
  // layer 00 is reserved here and is what AAC (ADTS) uses, so AAC is not mistaken for MP3.
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/**
 * Detects a file's real type from its first bytes. The type a client declares (file name,
 * Content-Type, data URL prefix) is never trusted for what gets decoded or served.
 */
export function sniffMediaType(buf: Buffer): SniffedMediaType | null {
  if (buf.length < 4) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  const gif = ascii(buf, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (buf.length >= 12) {
    const ftyp = sniffFtyp(buf);
    if (ftyp) return ftyp;
  }
  if (ascii(buf, 0, 3) === 'ID3') return 'audio/mpeg';
  if (isMpegFrame(buf)) return 'audio/mpeg';
  return null;
}
