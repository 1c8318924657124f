import {
  MEDIA_MAX_BYTES,
  UPLOAD_EXTENSIONS,
  type MediaType,
  type UploadExtension,
} from '../../../../shared/contracts/catalog-rules';

/** The file picker's `accept`: every extension the upload URL call takes. */
export const MEDIA_ACCEPT = Object.keys(UPLOAD_EXTENSIONS)
  .map((ext) => `.${ext}`)
  .join(',');

/** The extensions in words, for hints and messages ("JPG, JPEG, PNG, … or M4A"). */
export const MEDIA_KINDS_TEXT = (() => {
  const names = Object.keys(UPLOAD_EXTENSIONS).map((e) => e.toUpperCase());
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
})();

/** Browsers' MIME types for files whose name has no usable extension. */
const EXT_BY_MIME: Record<string, UploadExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
};

const isUploadExtension = (ext: string): ext is UploadExtension =>
  Object.hasOwn(UPLOAD_EXTENSIONS, ext);

/** 1536 → "1.5 KB", 16_000_000 → "15.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb * 10) / 10} KB`;
  return `${Math.round((kb / 1024) * 10) / 10} MB`;
}

const TYPE_WORDS: Record<MediaType, string> = {
  image: 'photos',
  video: 'videos',
  audio: 'audio files',
};

export type MediaFileCheck =
  { ok: true; ext: UploadExtension; type: MediaType } | { ok: false; message: string };

/**
 * Checks a chosen file before anything is sent: a kind the server takes (by extension, else by
 * MIME type), not disguised as another kind, not empty, within its type's size limit. The server
 * checks the stored bytes again; this only saves a pointless upload and says why at once.
 */
export function checkMediaFile(file: { name: string; type: string; size: number }): MediaFileCheck {
  const dot = file.name.lastIndexOf('.');
  const fromName = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const mime = file.type.toLowerCase();
  const ext = isUploadExtension(fromName) ? fromName : EXT_BY_MIME[mime];
  if (!ext)
    return {
      ok: false,
      message: `“${file.name}” is not a file we can add. Use ${MEDIA_KINDS_TEXT}.`,
    };
  const type = UPLOAD_EXTENSIONS[ext];
  const mimeMajor = mime.split('/')[0];
  if (mimeMajor && ['image', 'video', 'audio'].includes(mimeMajor) && mimeMajor !== type)
    return {
      ok: false,
      message: `“${file.name}” is named like ${TYPE_WORDS[type]} but is not one. Choose the original file.`,
    };
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty.` };
  const max = MEDIA_MAX_BYTES[type];
  if (file.size > max)
    return {
      ok: false,
      message: `“${file.name}” is ${formatBytes(file.size)}: ${TYPE_WORDS[type]} can be at most ${formatBytes(max)}.`,
    };
  return { ok: true, ext, type };
}

/** Reads a file as a data URL (the upload decodes it in 512-byte slices, SPEC §5 and §9). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new TypeError('The file could not be read.'));
    reader.onerror = () => reject(reader.error ?? new TypeError('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
