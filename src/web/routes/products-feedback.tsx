import { Link, useParams } from 'react-router';
import type { Route } from './+types/products-feedback';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /products/feedback/:id?: what buyers said about a product (or about products in general). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Product feedback');

export default function ProductFeedbackPage() {
  const { id } = useParams();
  return (
    <div data-testid="product-feedback-page">
      <PageHeader
        title="Product feedback"
        description={
          id
            ? 'Ratings and comments from people who bought this product, newest first.'
            : 'Ratings and comments buyers leave after their orders arrive. Open a product to read its feedback.'
        }
        actions={
          <Link
            to={id ? `/products/${encodeURIComponent(id)}` : '/products'}
            className="btn btn-secondary"
          >
            {id ? 'Back to the product' : 'Browse products'}
          </Link>
        }
      />
    </div>
  );
}
