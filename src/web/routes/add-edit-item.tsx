import { useState } from 'react';
import type { Route } from './+types/add-edit-item';
import { PageHeader } from '../components/ui/page';
import { loadPostForEditing } from '../features/catalog/editor/editor-api';
import { PostEditor } from '../features/catalog/editor/components/PostEditor';
import { guardLoader } from '../features/accounts/guards';
import { isAdmin } from '../features/accounts/session';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

/** /add-edit-item/:id? (signed in): create a post, or edit post :id (one's own; admins any). */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guardLoader(['authenticated'])(args);
  const id = args.params.id;
  if (!user || !id) return { user, product: null };
  const product = await loadPostForEditing(serverApi(args.context), id, isAdmin(user));
  return { user, product };
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, params.id ? 'Edit post' : 'New post');

let newEditors = 0;

export default function AddEditItemPage({ loaderData, params }: Route.ComponentProps) {
  const { user, product } = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  // One editor per post. A new post that gets its id on its first save keeps its editor (and the
  // uploads running in it) when the URL changes to /add-edit-item/{id}; any other change of post,
  // e.g. "New post" from the menu while editing, starts a fresh one.
  const [created, setCreated] = useState<string | null>(null);
  const [seen, setSeen] = useState(params.id ?? null);
  const [editorKey, setEditorKey] = useState(() => params.id ?? `new-${newEditors}`);
  const current = params.id ?? null;
  if (current !== seen) {
    setSeen(current);
    if (!(current && current === created)) {
      newEditors += 1;
      setEditorKey(current ?? `new-${newEditors}`);
      setCreated(null);
    }
  }
  if (!user) return null; // the guard redirected

  const editing = !!params.id;
  return (
    <div data-testid="add-edit-item-page">
      <PageHeader
        title={editing ? 'Edit post' : 'New post'}
        description="Add photos or video, a title and description, the price and shipping cost, variations such as size or colour, stock and tags. Save it as a draft or publish it straight away."
      />
      <PostEditor
        key={editorKey}
        initial={product}
        owner={{ _id: user._id, username: user.username, name: user.name, image: user.image }}
        currency={currency}
        onCreated={setCreated}
      />
    </div>
  );
}
