// The catalogue's constants, free of zod so public pages can import them without the validator
// (ADR 011). The zod contracts in ./catalog are built from these.

/** Post status values (DESIGN §4): only `published` posts appear in public lists and search. */
export const PRODUCT_STATUSES = ['draft', 'published', 'sold', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** List orders: newest first, price up, price down, most liked. */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'most_liked'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  most_liked: 'Most liked',
};

export const PRODUCT_LIMITS = {
  titleMax: 140,
  descriptionMax: 5000,
  /** Major units. */
  priceMax: 1_000_000,
  shippingMax: 10_000,
  stockMax: 1_000_000,
  tagsMax: 10,
  tagMax: 30,
  variationsMax: 5,
  variationNameMax: 40,
  optionsMax: 20,
  optionNameMax: 40,
  mediasMax: 10,
  altMax: 250,
  searchQueryMax: 200,
  /** Page size (DESIGN §4: default 20, max 100). */
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Deepest page a list answers (keeps OFFSET bounded). */
  pageMax: 10_000,
} as const;

/** Largest upload per media type, in bytes (checked again on the stored bytes). */
export const MEDIA_MAX_BYTES: Record<MediaType, number> = {
  image: 15 * 1024 * 1024,
  video: 100 * 1024 * 1024,
  audio: 25 * 1024 * 1024,
};

/** File extensions the upload URL call accepts, and the media type each one is. */
export const UPLOAD_EXTENSIONS = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  mp4: 'video',
  mov: 'video',
  mp3: 'audio',
  m4a: 'audio',
} as const satisfies Record<string, MediaType>;
export type UploadExtension = keyof typeof UPLOAD_EXTENSIONS;

/** Normalised form of a tag as stored and compared: trimmed, inner spaces collapsed, lower case. */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase();
}
