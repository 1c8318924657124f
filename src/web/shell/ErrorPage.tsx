import { Link, useLocation } from 'react-router';
import { describeError } from '../lib/errors';

/** The error page (SPEC §2): shows the message; for 404 a link back home. */
export function ErrorPage({ error }: { error: unknown }) {
  const { status, message } = describeError(error);
  const location = useLocation();
  return (
    <section
      data-testid="error-page"
      data-status={status}
      className="mx-auto max-w-xl py-16 text-center"
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
        Error {status}
      </p>
      <h1
        className="mt-2 text-3xl font-bold tracking-tight text-gray-900"
        data-testid="error-message"
      >
        {message}
      </h1>
      {status === 404 ? (
        <>
          <p className="mt-4 text-gray-700">
            The link may be broken, or the page may have been moved or removed.
          </p>
          <Link to="/" data-testid="error-home-link" className="btn btn-primary mt-8">
            Back to home
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-gray-700">Please try again in a moment.</p>
          <div className="mt-8 flex justify-center gap-3">
            <Link
              to={location.pathname + location.search}
              reloadDocument
              className="btn btn-secondary"
            >
              Try again
            </Link>
            <Link to="/" className="btn btn-primary">
              Go to the home page
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
