import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product, ProductInput } from '../../../../shared/contracts/catalog';
import type { ProductStatus } from '../../../../shared/contracts/catalog-rules';
import { MESSAGES } from '../../../../shared/messages';
import { postPath } from '../../../../shared/post-path';
import {
  notifyError,
  showConfirm,
  showNotify,
  type ModalExtra,
} from '../../../components/ui/modal';
import { usePending } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedGuard } from '../../../lib/unsaved-guard';
import { deleteProduct, saveProduct } from './editor-api';
import { toEditorErrors, type EditorErrors } from './editor-errors';
import {
  fingerprint,
  toProductInput,
  valuesFromProduct,
  type EditorMedia,
  type EditorValues,
} from './editor-values';
import { mergeMedias } from './media-list';
import { clearPreviewDraft } from './preview-draft';
import { validateProductInput } from './validation';

export interface SaveOptions {
  /** Save with this status (the "Save as draft" / "Publish" buttons). */
  status?: ProductStatus;
  /** No 'Post saved!' modal (the automatic draft save before a first upload). */
  quiet?: boolean;
}

/** A published post's "Post saved!" leads on to it: to see it live, or to share its link. */
function waysOn(product: Product): ModalExtra[] | undefined {
  if (product.status !== 'published') return undefined;
  const path = postPath(product.user.username, product);
  return [
    { kind: 'link', label: 'View post', to: path },
    { kind: 'copy', label: 'Copy link', text: `${window.location.origin}${path}` },
  ];
}

/** Moves focus to the first invalid control once React has rendered the errors. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (el ?? form?.querySelector<HTMLElement>('[data-error-summary]'))?.focus();
  });
}

/**
 * The editor's state and its writes: the fields, the media list (order and alt texts as edited),
 * what the server last saved (for the unsaved-changes guard), the field errors, and save/delete.
 * A new post gets its id on its first save, and the page's URL becomes /add-edit-item/{id}.
 */
export function usePostEditor(initial: Product | null, onCreated: (id: string) => void) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [product, setProduct] = useState<Product | null>(initial);
  const [values, setValues] = useState<EditorValues>(() => valuesFromProduct(initial));
  const [medias, setMedias] = useState<EditorMedia[]>(() => initial?.medias ?? []);
  const [saved, setSaved] = useState(() => ({
    values: valuesFromProduct(initial),
    medias: initial?.medias ?? [],
  }));
  const [errors, setErrors] = useState<EditorErrors>({});
  const [pending, run] = usePending();

  const dirty = useMemo(
    () => fingerprint(values, medias) !== fingerprint(saved.values, saved.medias),
    [values, medias, saved],
  );
  // Files still uploading count as unsaved work too: leaving would drop them.
  const [uploading, setUploading] = useState(false);
  const guard = useUnsavedGuard(dirty || uploading, () =>
    showConfirm(MESSAGES.unsavedPostChanges, undefined, 'Unsaved changes'),
  );

  const setField = useCallback(
    <K extends keyof EditorValues>(name: K, value: EditorValues[K]) =>
      setValues((v) => ({ ...v, [name]: value })),
    [],
  );

  /** The server's answer after a save: the form shows the post as stored (tags normalised…). */
  function applySaved(next: Product) {
    const nextValues = valuesFromProduct(next);
    setProduct(next);
    setValues(nextValues);
    setMedias(next.medias);
    setSaved({ values: nextValues, medias: next.medias });
  }

  /** After an upload or a removal: the server's media, keeping the unsaved order and alt texts. */
  function applyMediaChange(next: Product) {
    setProduct(next);
    setMedias((local) => mergeMedias(local, next.medias));
    setSaved((s) => ({ ...s, medias: next.medias }));
  }

  /** Validates and sends PUT /products; resolves with the post's id, or null when it failed. */
  async function save(options: SaveOptions = {}): Promise<string | null> {
    const sent = options.status ? { ...values, status: options.status } : values;
    const id = product?._id ?? null;
    const checked = await validateProductInput(toProductInput(sent, id, id ? medias : undefined));
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(formRef.current);
      return null;
    }
    setErrors({});
    try {
      const answer = await saveProduct(checked.data as ProductInput);
      applySaved(answer.product);
      if (!id) {
        onCreated(answer.product._id);
        guard.allowNextNavigation();
        void navigate(`/add-edit-item/${answer.product._id}`, {
          replace: true,
          preventScrollReset: true,
        });
      }
      if (!options.quiet)
        void showNotify(MESSAGES.postSaved, undefined, undefined, waysOn(answer.product));
      return answer.product._id;
    } catch (err) {
      // One answer per problem: a field's problem is shown by the field, anything else in the notice.
      const byField = err instanceof ApiError && err.details ? toEditorErrors(err.details) : {};
      if (Object.keys(byField).length) {
        setErrors(byField);
        focusFirstInvalid(formRef.current);
      } else void notifyError(err, MESSAGES.postSaveError);
      return null;
    }
  }

  function submit(options: SaveOptions = {}) {
    void run(async () => {
      await save(options);
    });
  }

  /** Deletes the post after the confirm (SPEC §8), then goes to My Posts. */
  async function remove() {
    const id = product?._id;
    if (!id) return;
    if (!(await showConfirm(MESSAGES.confirmIrreversible, undefined, 'Delete this post?'))) return;
    await run(async () => {
      try {
        const { message } = await deleteProduct(id);
        clearPreviewDraft(window.localStorage);
        guard.allowNextNavigation();
        void navigate('/my-posts');
        void showNotify(message || 'Post deleted.');
      } catch (err) {
        void notifyError(err, MESSAGES.errorSavingProduct);
      }
    });
  }

  return {
    formRef,
    product,
    productId: product?._id ?? null,
    values,
    setValues,
    setField,
    medias,
    setMedias,
    errors,
    setErrors,
    dirty,
    pending,
    save,
    submit,
    remove,
    applyMediaChange,
    setUploading,
  };
}

export type PostEditorState = ReturnType<typeof usePostEditor>;
