import { Link, useParams } from 'react-router';
import type { Route } from './+types/post-preview';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';

/** `/{username}/:id/preview`: how a post looks on the seller's page before it is shared. */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, `Preview · ${siteNameFromMatches(matches) ?? ''}`),
  { name: 'robots', content: 'noindex' },
];

export default function SitePostPreview() {
  const { id = '' } = useParams();
  const data = useSite();
  if (!data) return null;
  return (
    <article data-testid="site-post-preview">
      <p className="text-sm font-semibold uppercase tracking-wide opacity-80">Preview</p>
      <h1 className="text-3xl font-bold tracking-tight">Post preview</h1>
      <p className="mt-2 max-w-2xl opacity-90">
        This is how the post appears on {data.site.name}&apos;s page, in its colours and font,
        before it is shared.
      </p>
      <Link
        to={`/${encodeURIComponent(data.username)}/${encodeURIComponent(id)}`}
        className="btn btn-site mt-6"
      >
        Open the post
      </Link>
    </article>
  );
}
