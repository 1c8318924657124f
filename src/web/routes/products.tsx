import { Link, useParams } from 'react-router';
import type { Route } from './+types/products';
import { LinkCards, PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /products/:id?: all products, or one product. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, params.id ? 'Product' : 'Products');

export default function ProductsPage() {
  const { id } = useParams();
  return (
    <div data-testid="products-page" data-product-id={id}>
      <PageHeader
        title={id ? 'Product' : 'Products'}
        description={
          id
            ? 'The product with its photos, price, shipping cost and seller. Add it to your cart or ask the seller a question.'
            : 'Everything for sale on the marketplace, newest first. Narrow it down by tag or search for something specific.'
        }
        actions={
          id ? (
            <Link to={`/products/feedback/${encodeURIComponent(id)}`} className="btn btn-secondary">
              Read feedback
            </Link>
          ) : undefined
        }
      />
      <LinkCards
        links={[
          {
            to: '/products/tags',
            title: 'Browse by tag',
            description: 'Art, fashion, music, vintage and more.',
          },
          {
            to: '/search-results',
            title: 'Search',
            description: 'Find a post, a seller or a tag.',
          },
          { to: '/all-posts', title: 'All posts', description: 'The full feed of new posts.' },
        ]}
      />
    </div>
  );
}
