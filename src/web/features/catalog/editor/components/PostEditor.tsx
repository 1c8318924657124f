import { useEffect, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Product, ProductOwner } from '../../../../../shared/contracts/catalog';
import type { ProductStatus } from '../../../../../shared/contracts/catalog-rules';
import { previewProduct } from '../editor-values';
import { writePreviewDraft } from '../preview-draft';
import { useEditorMedia } from '../use-editor-media';
import { usePostEditor, type PostEditorState } from '../use-post-editor';
import { preloadCatalogSchemas } from '../validation';
import { DetailsFields } from './DetailsFields';
import { MediaManager } from './MediaManager';
import { VariationsEditor } from './VariationsEditor';
import { useHydrated } from '../../../../lib/use-hydrated';

const STATUS_TEXT: Record<ProductStatus, string> = {
  draft: 'Draft — only you can see it',
  published: 'Published — buyers can find and buy it',
  sold: 'Sold — shown as sold out',
  archived: 'Archived — hidden from buyers',
};

/** The two save buttons for the post's stored status: [primary, secondary] with the status each saves. */
function saveButtons(
  status: ProductStatus | null,
): [[string, ProductStatus], [string, ProductStatus]] {
  if (status === 'published')
    return [
      ['Save changes', 'published'],
      ['Unpublish (save as draft)', 'draft'],
    ];
  if (status === 'sold' || status === 'archived')
    return [
      ['Save changes', status],
      ['Publish again', 'published'],
    ];
  return [
    ['Publish', 'published'],
    ['Save as draft', 'draft'],
  ];
}

function ErrorSummary({ editor }: { editor: PostEditorState }) {
  const keys = Object.keys(editor.errors);
  if (keys.length === 0) return null;
  const general = ['', 'medias'].flatMap((k) => (editor.errors[k] ? [editor.errors[k]] : []));
  const fields = keys.length - general.length;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-error-summary
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
      data-testid="post-error-summary"
    >
      {fields > 0 ? (
        <p className="font-semibold">
          {fields === 1 ? 'One field needs' : `${fields} fields need`} your attention: see the
          messages below.
        </p>
      ) : null}
      {general.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

interface PostEditorProps {
  initial: Product | null;
  /** The signed-in seller (the preview's author for a new post). */
  owner: ProductOwner;
  currency: string;
  /** Called once a new post has its id (the page keeps this editor instead of remounting). */
  onCreated: (id: string) => void;
}

/**
 * /add-edit-item: media, details, variations, then save as a draft or publish. Keeps the live
 * preview's copy up to date and asks before leaving with unsaved changes.
 */
export function PostEditor({ initial, owner, currency, onCreated }: PostEditorProps) {
  const editor = usePostEditor(initial, onCreated);
  const media = useEditorMedia(editor);
  const { values, medias, product } = editor;

  useEffect(() => {
    writePreviewDraft(window.localStorage, {
      product: previewProduct(values, {
        id: product?._id ?? null,
        shortId: product?.shortId,
        medias,
        user: product?.user ?? owner,
        createdAt: product?.createdAt,
        likesCount: product?.likesCount,
      }),
      editPath: product ? `/add-edit-item/${product._id}` : '/add-edit-item',
      savedAt: new Date().toISOString(),
    });
  }, [values, medias, product, owner]);

  const stored = product?.status ?? null;
  const [primary, secondary] = saveButtons(stored);
  // Before hydration a submit would be the browser's GET with the fields (SubmitButton says why).
  const hydrated = useHydrated();
  const locked = editor.pending || media.busy || !hydrated;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const status = submitter?.dataset.status as ProductStatus | undefined;
    editor.submit({ status: status ?? stored ?? 'draft' });
  }

  // Enter in a one-line box must not publish a half-written post (the tag box uses Enter itself).
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  }

  return (
    <form
      ref={editor.formRef}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      onFocus={preloadCatalogSchemas}
      aria-label={product ? 'Edit post' : 'New post'}
      className="space-y-6"
      data-testid="post-editor"
    >
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          The post editor needs JavaScript to upload photos and save. Turn it on, then reload this
          page.
        </p>
      </noscript>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p data-testid="post-status">
          Status: <strong>{stored ? STATUS_TEXT[stored] : 'New post, not saved yet'}</strong>
        </p>
        {editor.dirty ? (
          <p className="font-semibold text-amber-900" data-testid="post-unsaved">
            Unsaved changes
          </p>
        ) : null}
      </div>
      <ErrorSummary editor={editor} />

      <section aria-labelledby="post-media-heading" className="card">
        <h2 id="post-media-heading" className="mb-4 text-lg font-semibold text-gray-900">
          Photos, video and audio
        </h2>
        <MediaManager medias={medias} media={media} isNew={!product} disabled={editor.pending} />
      </section>

      <section aria-labelledby="post-details-heading" className="card">
        <h2 id="post-details-heading" className="mb-4 text-lg font-semibold text-gray-900">
          Details
        </h2>
        <DetailsFields editor={editor} currency={currency} />
      </section>

      <section aria-labelledby="post-variations-heading" className="card">
        <h2 id="post-variations-heading" className="mb-2 text-lg font-semibold text-gray-900">
          Variations
        </h2>
        <VariationsEditor editor={editor} currency={currency} />
      </section>

      <div className="card flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <button
          type="submit"
          className="btn btn-primary"
          data-status={primary[1]}
          disabled={locked}
          data-testid="post-save-primary"
        >
          {editor.pending ? 'Saving…' : primary[0]}
        </button>
        <button
          type="submit"
          className="btn btn-secondary"
          data-status={secondary[1]}
          disabled={locked}
          data-testid="post-save-secondary"
        >
          {secondary[0]}
        </button>
        <a
          href="/items/preview"
          target="_blank"
          rel="noopener"
          className="btn btn-ghost"
          data-testid="post-preview-link"
        >
          Preview<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link to="/my-posts" className="btn btn-ghost">
          Back to My Posts
        </Link>
        {media.busy ? (
          <p className="text-sm text-gray-700" role="status">
            Saving is possible once the uploads have finished.
          </p>
        ) : null}
      </div>

      {product ? (
        <section aria-labelledby="post-delete-heading" className="card border-red-200">
          <h2 id="post-delete-heading" className="text-lg font-semibold text-gray-900">
            Delete this post
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            The post, its photos and files are removed for good.
          </p>
          <button
            type="button"
            className="btn btn-danger mt-3"
            disabled={locked}
            onClick={() => void editor.remove()}
            data-testid="post-delete"
          >
            Delete post
          </button>
        </section>
      ) : null}
    </form>
  );
}
