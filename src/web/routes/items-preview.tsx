import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/items-preview';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { PostView } from '../features/catalog/components/PostView';
import {
  PREVIEW_STORAGE_KEY,
  readPreviewDraft,
  type PreviewDraft,
} from '../features/catalog/editor/preview-draft';
import { pageMeta } from '../lib/meta';

/** /items/preview (signed in): the post being edited, as buyers will see it, live. */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Post preview');

/** The editor's latest draft, following its changes from the editor's tab (storage events). */
function usePreviewDraft(): { draft: PreviewDraft | null; ready: boolean } {
  const [state, setState] = useState<{ draft: PreviewDraft | null; ready: boolean }>({
    draft: null,
    ready: false,
  });
  useEffect(() => {
    const read = () => setState({ draft: readPreviewDraft(window.localStorage), ready: true });
    read();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PREVIEW_STORAGE_KEY) read();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return state;
}

export default function ItemsPreviewPage() {
  const { draft, ready } = usePreviewDraft();
  const back = draft?.editPath ?? '/add-edit-item';
  return (
    <div data-testid="items-preview-page">
      <PageHeader
        eyebrow="Preview"
        title="Post preview"
        description="This is how your post will look to buyers. It follows the editor as you type; nothing here is saved or visible to anyone else."
        actions={
          <Link to={back} className="btn btn-primary" data-testid="preview-back">
            Back to editing
          </Link>
        }
      />
      <div
        role="note"
        className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        data-testid="preview-banner"
      >
        <p className="font-semibold">Preview only — not published by this page.</p>
        <p className="text-sm">
          {draft?.product.status === 'published'
            ? 'The post is published; unsaved changes show here only until you save them.'
            : 'Buyers cannot see this post until you publish it.'}
        </p>
      </div>
      {!ready ? (
        <p className="text-gray-700">Loading the preview…</p>
      ) : draft ? (
        <PostView key={JSON.stringify(draft.product.variations)} product={draft.product} preview />
      ) : (
        <div className="card" data-testid="preview-empty">
          <p className="text-gray-800">
            Nothing to preview yet. Open the editor, start a post, then choose Preview.
          </p>
          <Link to="/add-edit-item" className="link mt-2 inline-block">
            Create a post
          </Link>
        </div>
      )}
    </div>
  );
}
