import type { Product } from '../../../../shared/contracts/catalog';

/**
 * The live preview's hand-over: the editor writes the post as it would look to buyers into
 * localStorage on every change; /items/preview (usually another tab) reads it and follows the
 * `storage` event, so it updates while the seller types. localStorage rather than sessionStorage
 * because a tab opened with rel="noopener" does not share the opener's session storage.
 */
export const PREVIEW_STORAGE_KEY = 'post-editor-preview';

export interface PreviewDraft {
  product: Product;
  /** The editor page this draft comes from (the preview's link back). */
  editPath: string;
  savedAt: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function isPreviewDraft(value: unknown): value is PreviewDraft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<PreviewDraft>;
  const p = v.product as Partial<Product> | undefined;
  return (
    typeof v.editPath === 'string' &&
    v.editPath.startsWith('/add-edit-item') &&
    typeof p === 'object' &&
    p !== null &&
    typeof p.title === 'string' &&
    typeof p.price === 'number' &&
    Array.isArray(p.medias) &&
    Array.isArray(p.variations) &&
    Array.isArray(p._tags) &&
    typeof p.user === 'object'
  );
}

/** Stores the draft; quietly does nothing when storage is full or blocked (the preview says so). */
export function writePreviewDraft(storage: StorageLike, draft: PreviewDraft): void {
  try {
    storage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // private mode or quota: the preview shows its "nothing to preview" state
  }
}

/** The stored draft, or null when there is none or it is not one (an old or foreign value). */
export function readPreviewDraft(storage: Pick<Storage, 'getItem'>): PreviewDraft | null {
  try {
    const raw = storage.getItem(PREVIEW_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isPreviewDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Forgets the draft (its post was deleted): the preview then says there is nothing to show. */
export function clearPreviewDraft(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(PREVIEW_STORAGE_KEY);
  } catch {
    // blocked storage: nothing was kept either
  }
}
