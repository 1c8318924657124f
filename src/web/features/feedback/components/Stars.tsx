import { MAX_STARS, filledStars, ratingLabel } from '../feedback-view';

/**
 * A rating as five stars, read out as "4 out of 5 stars" (the glyphs are hidden from screen
 * readers). `inherit` draws them in the text colour (sellers' pages, whose colours are the
 * seller's): filled and outlined stars tell them apart. No client code beyond markup.
 */
export function Stars({
  rating,
  tone = 'amber',
  className = '',
}: {
  rating: number;
  tone?: 'amber' | 'inherit';
  className?: string;
}) {
  const filled = filledStars(rating);
  return (
    <span role="img" aria-label={ratingLabel(rating)} className={`whitespace-nowrap ${className}`}>
      <span aria-hidden="true" className={tone === 'amber' ? 'text-amber-700' : undefined}>
        {'★'.repeat(filled)}
      </span>
      <span aria-hidden="true" className={tone === 'amber' ? 'text-gray-500' : undefined}>
        {'☆'.repeat(MAX_STARS - filled)}
      </span>
    </span>
  );
}
