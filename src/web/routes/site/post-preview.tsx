import { Link } from 'react-router';
import type { Route } from './+types/post-preview';
import { PostPage } from '../../features/catalog/components/PostPage';
import { loadPostComments } from '../../features/comments/api/comments-api';
import { CommentsView } from '../../features/comments/components/CommentsSection';
import { sitePath } from '../../features/sites/site-paths';
import { useSite } from '../../features/sites/use-user-site';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import { loadSitePost } from './seller';
import { sitePostMeta } from './post-meta';
import { postPath } from '../../../shared/post-path';

/**
 * `/{username}/{slug}-{shortId}/preview`: a post as it looks on its seller's page, before it is shared — drafts
 * too, for their owner (the API shows other visitors published posts only). Never indexed.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  // The comments wait for the post: the address names it by its short id, they by its id.
  const { site, product } = await loadSitePost(context, params, url);
  const comments = await loadPostComments(serverApi(context), product._id, url);
  return { product, comments, meta: sitePostMeta(context, site, product, true) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Preview');

export default function SitePostPreview({ loaderData }: Route.ComponentProps) {
  const data = useSite();
  const { product } = loaderData;
  return (
    <div data-testid="site-post-preview">
      <div role="note" className="preview-note" data-testid="preview-banner">
        <p>
          <strong>Preview.</strong> This is how the post looks on the seller’s page, in its colours
          and font. Buying and sharing are off here.
        </p>
        {product.status === 'published' && data && (
          <Link to={postPath(data.username, product)} className="btn btn-site">
            Open the post
          </Link>
        )}
      </div>
      <PostPage
        product={product}
        preview
        sellerHref={data ? sitePath(data.username) : undefined}
        tagUsername={data?.username}
        buttonClass="btn btn-site"
      />
      <CommentsView data={loaderData.comments}>
        <p>Visitors comment here; commenting is off in the preview.</p>
      </CommentsView>
    </div>
  );
}
