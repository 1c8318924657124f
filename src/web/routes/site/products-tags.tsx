import { Link, useParams } from 'react-router';
import type { Route } from './+types/products-tags';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';

/** `/{username}/products/tags/:tag?`: the seller's posts with a tag. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    `${params.tag ? `#${params.tag}` : 'Tags'} · ${siteNameFromMatches(matches) ?? ''}`,
  );

export default function SiteProductsByTag() {
  const { tag } = useParams();
  const data = useSite();
  if (!data) return null;
  return (
    <div data-testid="site-tag-page">
      <h1 className="text-3xl font-bold tracking-tight">{tag ? `#${tag}` : 'Tags'}</h1>
      <p className="mt-2 max-w-2xl opacity-90">
        {tag
          ? `Posts by ${data.site.name} tagged “${tag}”.`
          : `The tags ${data.site.name} uses. Pick one to see its posts.`}
      </p>
      <Link to={`/${encodeURIComponent(data.username)}`} className="btn btn-secondary mt-6">
        Back to {data.site.name}
      </Link>
    </div>
  );
}
