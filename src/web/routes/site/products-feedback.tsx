import { Link, useParams } from 'react-router';
import type { Route } from './+types/products-feedback';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';

/** `/{username}/products/feedback/:id?`: what buyers said about this seller or one product. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, `Feedback · ${siteNameFromMatches(matches) ?? ''}`);

export default function SiteProductFeedback() {
  const { id } = useParams();
  const data = useSite();
  if (!data) return null;
  const base = `/${encodeURIComponent(data.username)}`;
  return (
    <div data-testid="site-feedback-page">
      <h1 className="text-3xl font-bold tracking-tight">Feedback</h1>
      <p className="mt-2 max-w-2xl opacity-90">
        {id
          ? 'Ratings and comments from buyers of this product.'
          : `Ratings and comments buyers left for ${data.site.name} after their orders arrived.`}
      </p>
      <Link
        to={id ? `${base}/products/${encodeURIComponent(id)}` : base}
        className="btn btn-secondary mt-6"
      >
        {id ? 'Back to the product' : `Back to ${data.site.name}`}
      </Link>
    </div>
  );
}
