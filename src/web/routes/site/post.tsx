import { Link, useParams } from 'react-router';
import type { Route } from './+types/post';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';

/** `/{username}/:id`: one post on the seller's page. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, `Post · ${siteNameFromMatches(matches) ?? ''}`);

export default function SitePost() {
  const { id = '' } = useParams();
  const data = useSite();
  if (!data) return null;
  const base = `/${encodeURIComponent(data.username)}`;
  return (
    <article data-testid="site-post">
      <h1 className="text-3xl font-bold tracking-tight">Post</h1>
      <p className="mt-2 max-w-2xl opacity-90">
        Photos and video, the price and shipping, likes and comments. Add it to your cart to buy it
        from {data.site.name}.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`${base}/products/feedback/${encodeURIComponent(id)}`} className="btn btn-site">
          Read feedback
        </Link>
        <Link to={base} className="btn btn-secondary">
          More from {data.site.name}
        </Link>
      </div>
    </article>
  );
}
