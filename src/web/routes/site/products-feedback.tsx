import { Link } from 'react-router';
import type { Route } from './+types/products-feedback';
import { Pagination } from '../../features/catalog/browse/Pagination';
import { pageFrom } from '../../features/comments/api/comments-api';
import { FEEDBACK_PER_PAGE, loadFeedbackList } from '../../features/feedback/api/feedback-loaders';
import { FeedbackList } from '../../features/feedback/components/FeedbackList';
import { siteMeta } from '../../features/sites/site-meta';
import { sitePath } from '../../features/sites/site-paths';
import { postPath } from '../../../shared/post-path';
import { loadSiteOfPage } from '../../features/sites/api/get-site';
import { useSite } from '../../features/sites/use-user-site';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import { findSitePost } from './seller';

/**
 * `/{username}/products/feedback/:id?`: what buyers said about this seller, or about the sales of
 * one of their posts (`id`; another seller's post is a 404). Rendered on the server in the
 * seller's colours; the page adds no client code of its own beyond the list's markup.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { id } = params;
  const page = pageFrom(url, 'page');
  const { site, product } = id
    ? await findSitePost(context, params.username, id, url.pathname)
    : { site: await loadSiteOfPage(context, params.username, url.pathname), product: null };
  const list = await loadFeedbackList(
    serverApi(context),
    product ? { productId: product._id } : { userId: site.owner._id, type: 'order' },
    page,
  );
  const meta = siteMeta(context, site, {
    title: product ? `Feedback on ${product.title}` : 'Feedback',
    description: `What buyers say about ${site.name}.`,
    location: url,
    // Nothing to index while there is no feedback.
    noindex: list.recordsCount === 0,
  });
  return {
    product: product && { _id: product._id, shortId: product.shortId, title: product.title },
    list,
    href: url.pathname + url.search,
    meta,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Feedback');

export default function SiteProductFeedback({ loaderData }: Route.ComponentProps) {
  const data = useSite();
  if (!data) return null;
  const { product, list, href } = loaderData;
  const name = data.site.name;
  const back = product ? postPath(data.username, product) : sitePath(data.username);
  return (
    <div data-testid="site-feedback-page" className="max-w-2xl">
      <h1 className="mb-6 text-3xl font-bold tracking-tight break-words">
        {product ? `Feedback on ${product.title}` : `Feedback for ${name}`}
      </h1>
      <FeedbackList
        list={list}
        tone="inherit"
        label={product ? `Feedback on ${product.title}` : `Feedback for ${name}`}
        postHref={(postId) => sitePath(data.username, postId)}
        empty={
          <>
            <h2 className="text-lg font-semibold">No feedback yet</h2>
            <p className="mt-2">
              {product
                ? 'Buyers rate a post after their order arrives. Nobody has rated this one yet.'
                : `Buyers rate ${name} after their orders arrive. Nobody has left feedback yet.`}
            </p>
          </>
        }
      />
      <Pagination
        url={href}
        page={list.page}
        recordsCount={list.recordsCount}
        limit={FEEDBACK_PER_PAGE}
      />
      <Link to={back} className="btn btn-site mt-6">
        {product ? 'Back to the post' : `Back to ${name}`}
      </Link>
    </div>
  );
}
