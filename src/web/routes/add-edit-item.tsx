import { Link, useParams } from 'react-router';
import type { Route } from './+types/add-edit-item';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /add-edit-item/:id? (signed in): create a post, or edit post :id. */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, params.id ? 'Edit post' : 'New post');

export default function AddEditItemPage() {
  const { id } = useParams();
  return (
    <div data-testid="add-edit-item-page">
      <PageHeader
        title={id ? 'Edit post' : 'New post'}
        description="Add photos or video, a title and description, the price and shipping cost, variations such as size or colour, stock and tags. Save it as a draft or publish it straight away."
        actions={
          <>
            <Link to="/items/preview" className="btn btn-secondary">
              Preview
            </Link>
            <Link to="/my-posts" className="btn btn-ghost">
              Back to My Posts
            </Link>
          </>
        }
      />
    </div>
  );
}
