import { Link } from 'react-router';
import type { Route } from './+types/products-feedback';
import { siteMeta } from '../../features/sites/site-meta';
import { sitePath } from '../../features/sites/site-paths';
import { loadSiteOfPage } from '../../features/sites/api/get-site';
import { useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';
import { loadSitePost } from './seller';

/**
 * `/{username}/products/feedback/:id?`: what buyers said about this seller, or about one of their
 * posts (`id`; another seller's post is a 404). Buyers leave feedback once orders can be rated
 * (issue 12): until then the page says there is none, and leads back.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { id } = params;
  const { site, product } = id
    ? await loadSitePost(context, { username: params.username, id }, url.pathname)
    : { site: await loadSiteOfPage(context, params.username, url.pathname), product: null };
  // Nothing to index while there is no feedback.
  const meta = siteMeta(context, site, {
    title: product ? `Feedback on ${product.title}` : 'Feedback',
    description: `What buyers say about ${site.name}.`,
    location: url,
    noindex: true,
  });
  return { product: product && { _id: product._id, title: product.title }, meta };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Feedback');

export default function SiteProductFeedback({ loaderData }: Route.ComponentProps) {
  const data = useSite();
  if (!data) return null;
  const { product } = loaderData;
  const name = data.site.name;
  return (
    <div data-testid="site-feedback-page" className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight break-words">
        {product ? `Feedback on ${product.title}` : `Feedback for ${name}`}
      </h1>
      <div className="list-empty mt-6" data-testid="feedback-empty">
        <h2 className="text-lg font-semibold">No feedback yet</h2>
        <p className="mt-2">
          {product
            ? 'Buyers rate a post after their order arrives. Nobody has rated this one yet.'
            : `Buyers rate ${name} after their orders arrive. Nobody has left feedback yet.`}
        </p>
      </div>
      <Link
        to={product ? sitePath(data.username, product._id) : sitePath(data.username)}
        className="btn btn-site mt-6"
      >
        {product ? 'Back to the post' : `Back to ${name}`}
      </Link>
    </div>
  );
}
