import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { ShareButton } from '../../../components/ShareButton';

/**
 * Nothing counted yet: how the first numbers come — people opening the seller's page. Shows the
 * page's address to put in a bio, with Copy and Share (the seller's own; an admin looking at
 * someone else's gets the words only).
 */
export function EmptyState({ days, pageUrl }: { days: number; pageUrl: string | null }) {
  return (
    <section
      aria-labelledby="insights-empty-title"
      className="mb-8 rounded-xl border border-dashed border-gray-300 bg-gray-50 p-5 md:p-8"
      data-testid="insights-empty"
    >
      <h2 id="insights-empty-title" className="text-lg font-semibold text-gray-950">
        No visits counted yet
      </h2>
      <p className="mt-2 max-w-2xl text-gray-800">
        Nothing was recorded in the last {days} days or the {days} before. Numbers appear here as
        soon as people open {pageUrl ? 'your page' : 'this seller’s page'}: every view, link click,
        cart and sale is counted.
      </p>
      {pageUrl ? (
        <>
          <ol className="mt-4 max-w-2xl list-decimal space-y-2 pl-5 text-gray-800">
            <li>
              Put your page’s address in your bio on Instagram, TikTok or wherever you post:
              <span className="mt-1 block">
                <a href={pageUrl} className="link break-all" data-testid="insights-page-url">
                  {pageUrl}
                </a>
                <CopyButton text={pageUrl} label="Copy your page’s address" />
              </span>
            </li>
            <li>
              For each platform, use its own bio link (
              <Link to="/edit-page" className="link">
                Edit Page → Links
              </Link>
              ) to see which one brings buyers.
            </li>
            <li>
              Your own visits while you are logged in are not counted: to check, open your page in a
              private window.
            </li>
          </ol>
          <div className="mt-4">
            <ShareButton
              title="My page"
              url={pageUrl}
              label="Share your page"
              testId="insights-share"
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
