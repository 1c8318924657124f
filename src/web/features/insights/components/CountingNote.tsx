import { Link } from 'react-router';
import { HOW_WE_COUNT_PATH } from '../insights-paths';

/** What a "visitor" is here, and where the whole method is written down. */
export function CountingNote() {
  return (
    <section
      aria-labelledby="insights-counting-title"
      className="mb-8 text-sm text-gray-800"
      data-testid="insights-counting-note"
    >
      <h2 id="insights-counting-title" className="text-base font-semibold text-gray-950">
        How these numbers are counted
      </h2>
      <p className="mt-1 max-w-2xl">
        A visitor is counted once a day, without cookies: a range’s visitors are the sum of each
        day’s unique visitors, so someone who comes back on three days counts three times. Days are
        UTC days. Bots and your own visits are left out.{' '}
        <Link to={HOW_WE_COUNT_PATH} className="link" data-testid="insights-how-we-count">
          How we count
        </Link>
      </p>
    </section>
  );
}
