import { Link } from 'react-router';
import type { Route } from './+types/products-feedback';
import { PageHeader } from '../components/ui/page';
import { Pagination } from '../features/catalog/browse/Pagination';
import { loadPost } from '../features/catalog/post-page';
import { pageFrom } from '../features/comments/api/comments-api';
import { FEEDBACK_PER_PAGE, loadFeedbackList } from '../features/feedback/api/feedback-loaders';
import { FeedbackList } from '../features/feedback/components/FeedbackList';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /products/feedback/:id?: what buyers said about a post's sales (id), or the marketplace's latest
 * feedback. A post that does not exist (or is not public) is a 404.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const page = pageFrom(url, 'page');
  const [product, list] = await Promise.all([
    params.id ? loadPost(client, params.id) : null,
    loadFeedbackList(client, params.id ? { productId: params.id } : {}, page),
  ]);
  return {
    product: product && { _id: product._id, title: product.title },
    list,
    href: url.pathname + url.search,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    matches,
    loaderData?.product ? `Feedback on ${loaderData.product.title}` : 'Product feedback',
    'Ratings and comments buyers leave once their orders have shipped.',
  );

export default function ProductFeedbackPage({ loaderData }: Route.ComponentProps) {
  const { product, list, href } = loaderData;
  return (
    <div data-testid="product-feedback-page">
      <PageHeader
        title={product ? `Feedback on ${product.title}` : 'Product feedback'}
        description={
          product
            ? 'Ratings and comments from people who bought this post, newest first.'
            : 'The latest ratings buyers left for sellers once their orders shipped.'
        }
        actions={
          <Link
            to={product ? `/products/${encodeURIComponent(product._id)}` : '/marketplace'}
            className="btn btn-secondary"
          >
            {product ? 'Back to the post' : 'Browse the marketplace'}
          </Link>
        }
      />
      <FeedbackList
        list={list}
        label={product ? `Feedback on ${product.title}` : 'Latest feedback'}
        showSeller={!product}
        empty={
          <p>
            {product
              ? 'Nobody has rated this post yet. Buyers rate it once their order has shipped.'
              : 'No feedback yet. Buyers rate sellers once their orders have shipped.'}{' '}
            <Link to="/marketplace" className="link">
              Browse the marketplace
            </Link>
          </p>
        }
      />
      <Pagination
        url={href}
        page={list.page}
        recordsCount={list.recordsCount}
        limit={FEEDBACK_PER_PAGE}
      />
    </div>
  );
}
