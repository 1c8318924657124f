import { Link, useParams } from 'react-router';
import type { Route } from './+types/products';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';

/** `/{username}/products/:id?`: the seller's products, or one of them. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    `${params.id ? 'Product' : 'Products'} · ${siteNameFromMatches(matches) ?? ''}`,
  );

export default function SiteProducts() {
  const { id } = useParams();
  const data = useSite();
  if (!data) return null;
  const base = `/${encodeURIComponent(data.username)}`;
  return (
    <div data-testid="site-products">
      <h1 className="text-3xl font-bold tracking-tight">
        {id ? 'Product' : `Products by ${data.site.name}`}
      </h1>
      <p className="mt-2 max-w-2xl opacity-90">
        {id
          ? 'Photos, price, shipping and variations. Add it to your cart or ask the seller a question.'
          : `Everything ${data.site.name} has for sale, newest first.`}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {id && (
          <Link to={`${base}/products/feedback/${encodeURIComponent(id)}`} className="btn btn-site">
            Read feedback
          </Link>
        )}
        <Link to={base} className="btn btn-secondary">
          Back to {data.site.name}
        </Link>
      </div>
    </div>
  );
}
