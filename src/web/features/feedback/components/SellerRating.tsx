import { Link } from 'react-router';
import { formatNumber } from '../../../../shared/format';
import { Stars, ratingsCount } from '../../../components/ui/Stars';

/**
 * A seller's average rating and count for their page's header, linking to the feedback behind
 * it. Drawn in the page's text colour; server-rendered markup only.
 */
export function SellerRating({
  username,
  averageRating,
  recordsCount,
}: {
  username: string;
  averageRating: number;
  recordsCount: number;
}) {
  return (
    <Link
      to={`/${encodeURIComponent(username)}/products/feedback`}
      className="site-text-link inline-flex items-center gap-1"
      data-testid="seller-rating"
    >
      <Stars rating={averageRating} tone="inherit" />
      <span>
        {formatNumber(averageRating)}
        <span className="sr-only"> average</span> ({ratingsCount(recordsCount)})
      </span>
    </Link>
  );
}
