import { Link } from 'react-router';
import { PostView, type PostViewProps } from './PostView';

const STATUS_NOTE = {
  draft: 'This post is a draft: only you and admins can see it.',
  sold: 'This post is marked as sold.',
  archived: 'This post is archived: only you and admins can see it.',
} as const;

/** A post page: PostView, with a banner when its owner or an admin views a post that is not public. */
export function PostPage(props: PostViewProps) {
  const { product } = props;
  const note = product.status === 'published' ? null : STATUS_NOTE[product.status];
  return (
    <div data-testid="post-page" data-status={product.status}>
      {note && (
        <p
          role="note"
          data-testid="post-status-banner"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          {note}{' '}
          <Link
            to={`/add-edit-item/${encodeURIComponent(product._id)}`}
            className="font-semibold underline"
          >
            Edit the post
          </Link>
        </p>
      )}
      <PostView {...props} />
    </div>
  );
}
