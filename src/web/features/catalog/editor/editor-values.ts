import type { Media, Product, ProductInput } from '../../../../shared/contracts/catalog';
import type { ProductStatus } from '../../../../shared/contracts/catalog-rules';
import { postPath } from '../../../../shared/post-path';

/**
 * The editor's model: what the form holds (text as typed, so "12." or "" survive a re-render) and
 * how it becomes the PUT /products body, the preview's post and the "unsaved changes" fingerprint.
 */

export interface OptionDraft {
  /** Stable React key (options have no ids on the wire). */
  key: string;
  name: string;
  /** Price change in major units, as typed ('' = no change). */
  priceDelta: string;
  /** Own stock, as typed ('' = shares the post's stock). */
  stock: string;
}

export interface VariationDraft {
  key: string;
  name: string;
  options: OptionDraft[];
}

export interface EditorValues {
  title: string;
  description: string;
  price: string;
  shippingCost: string;
  stock: string;
  tags: string[];
  variations: VariationDraft[];
  status: ProductStatus;
  /** Signed-in members may offer a price (docs/decisions/076). */
  allowOffers: boolean;
}

/** A saved media item as the editor shows it: the server's fields, the alt text as edited. */
export type EditorMedia = Media;

let keySeq = 0;
/** A key unique in this page (React keys of variations and options). */
export function newKey(prefix: string): string {
  keySeq += 1;
  return `${prefix}${keySeq}`;
}

/** A number as the editor shows it in an input: '' for 0 where 0 means "nothing". */
function amountText(value: number, blankZero = false): string {
  return blankZero && value === 0 ? '' : String(value);
}

export function emptyOption(): OptionDraft {
  return { key: newKey('o'), name: '', priceDelta: '', stock: '' };
}

export function emptyVariation(): VariationDraft {
  return { key: newKey('v'), name: '', options: [emptyOption()] };
}

/** A new post (a draft until published) or the form of a saved one. */
export function valuesFromProduct(product?: Product | null): EditorValues {
  if (!product)
    return {
      title: '',
      description: '',
      price: '',
      shippingCost: '',
      stock: '1',
      tags: [],
      variations: [],
      status: 'draft',
      allowOffers: false,
    };
  return {
    title: product.title,
    description: product.description,
    price: String(product.price),
    shippingCost: amountText(product.shippingCost, true),
    stock: String(product.stock),
    tags: [...product._tags],
    variations: product.variations.map((v) => ({
      key: newKey('v'),
      name: v.name,
      options: v.options.map((o) => ({
        key: newKey('o'),
        name: o.name,
        priceDelta: amountText(o.priceDelta, true),
        stock: o.stock === null ? '' : String(o.stock),
      })),
    })),
    status: product.status,
    allowOffers: product.allowOffers,
  };
}

/**
 * Money or a count as typed → a number: spaces and currency signs dropped, "12,50" read as 12.5,
 * "1,234.50" as 1234.5. '' → undefined (the schema says it is required, or applies its default);
 * anything else unreadable → NaN (the schema says it must be a number).
 */
export function parseAmount(text: string): number | undefined {
  let s = text.replace(/[\s$€£¥]/g, '');
  if (s === '') return undefined;
  s = /^-?\d+,\d{1,2}$/.test(s) ? s.replace(',', '.') : s.replace(/,(?=\d{3}(\D|$))/g, '');
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/** The PUT /products body: numbers parsed, empty option fields as "no change" / "shared stock". */
export function toProductInput(
  values: EditorValues,
  id: string | null,
  medias?: readonly EditorMedia[],
): ProductInput {
  const input = {
    ...(id ? { _id: id } : {}),
    title: values.title,
    description: values.description,
    price: parseAmount(values.price),
    shippingCost: parseAmount(values.shippingCost) ?? 0,
    stock: parseAmount(values.stock),
    _tags: values.tags,
    variations: values.variations.map((v) => ({
      name: v.name,
      options: v.options.map((o) => ({
        name: o.name,
        priceDelta: parseAmount(o.priceDelta) ?? 0,
        stock: o.stock.trim() === '' ? null : parseAmount(o.stock),
      })),
    })),
    status: values.status,
    allowOffers: values.allowOffers,
    ...(id && medias ? { medias: medias.map((m) => ({ _id: m._id, alt: m.alt })) } : {}),
  };
  // Unparsed fields stay undefined/NaN on purpose: the contract turns them into field messages.
  return input as ProductInput;
}

/**
 * What "unsaved" compares: the fields as they would be sent, and the media order and alt texts.
 * (Option keys and number spellings such as "12" vs "12.0" do not count as changes.)
 */
export function fingerprint(values: EditorValues, medias: readonly EditorMedia[]): string {
  const input = toProductInput(values, null);
  return JSON.stringify([input, medias.map((m) => [m._id, m.alt])]);
}

const finite = (n: number | undefined | null, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? n : fallback;

/** The post as buyers would see it, built from the form (the live preview, /items/preview). */
export function previewProduct(
  values: EditorValues,
  base: {
    id: string | null;
    /** The saved post's short id (none yet for a new post: no address either). */
    shortId?: string;
    medias: readonly EditorMedia[];
    user: Product['user'];
    createdAt?: string;
    likesCount?: number;
  },
  now: Date = new Date(),
): Product {
  const stock = Math.max(0, Math.trunc(finite(parseAmount(values.stock), 1)));
  const title = values.title.trim() || 'Untitled post';
  const shortId = base.shortId ?? '';
  return {
    _id: base.id ?? 'preview',
    shortId,
    path: shortId ? postPath(base.user.username, { title, shortId }) : '',
    title,
    description: values.description.trim(),
    price: Math.max(0, finite(parseAmount(values.price), 0)),
    shippingCost: Math.max(0, finite(parseAmount(values.shippingCost), 0)),
    stock,
    soldOut: stock === 0 || values.status === 'sold',
    status: values.status,
    variations: values.variations
      .filter((v) => v.name.trim())
      .map((v) => ({
        name: v.name.trim(),
        options: v.options
          .filter((o) => o.name.trim())
          .map((o) => {
            const own = o.stock.trim() === '' ? null : finite(parseAmount(o.stock), 0);
            return {
              name: o.name.trim(),
              priceDelta: finite(parseAmount(o.priceDelta), 0),
              stock: own === null ? null : Math.max(0, Math.trunc(own)),
            };
          }),
      })),
    _tags: values.tags.map((t) => t.trim().toLowerCase()),
    medias: [...base.medias],
    likesCount: base.likesCount ?? 0,
    likesType: 'product',
    allowOffers: values.allowOffers,
    user: base.user,
    createdAt: base.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
}
