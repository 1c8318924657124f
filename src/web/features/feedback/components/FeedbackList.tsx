import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../../shared/format';
import { ratingsCount, type ShownFeedback } from '../feedback-view';
import type { FeedbackListState } from '../api/feedback-loaders';
import { Avatar } from '../../../components/ui/Avatar';
import { Stars } from '../../../components/ui/Stars';

type Tone = 'amber' | 'inherit';

/** "★★★★☆ 4.3 average · 12 ratings" (nothing when there are none). */
export function RatingSummary({
  averageRating,
  recordsCount,
  tone = 'amber',
}: {
  averageRating: number | null;
  recordsCount: number;
  tone?: Tone;
}) {
  if (averageRating === null || recordsCount === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-lg" data-testid="rating-summary">
      <Stars rating={averageRating} tone={tone} className="text-xl" />
      <span className="font-semibold">{formatNumber(averageRating)} average</span>
      <span aria-hidden="true">·</span>
      <span>{ratingsCount(recordsCount)}</span>
    </p>
  );
}

function FeedbackCard({
  feedback,
  tone,
  showSeller,
  postHref,
}: {
  feedback: ShownFeedback;
  tone: Tone;
  showSeller: boolean;
  postHref: (productId: string) => string;
}) {
  const { author, seller, items } = feedback;
  return (
    <article className="py-5" data-testid="feedback-card">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={feedback.rating} tone={tone} />
        <span className="inline-flex items-center gap-2 font-semibold">
          <Avatar name={author.name} src={author.image?.thumbnail} size="sm" />
          {/* A link only to a public page: a buyer's name is shown, never made findable. */}
          {author.username ? (
            <Link
              to={`/${encodeURIComponent(author.username)}`}
              className="underline underline-offset-2"
            >
              <bdi>{author.name}</bdi>
            </Link>
          ) : (
            <bdi>{author.name}</bdi>
          )}
        </span>
        <time dateTime={feedback.createdAt} className="text-sm">
          {feedback.day}
        </time>
      </div>
      {feedback.text && (
        <p className="mt-2 whitespace-pre-line break-words" data-testid="feedback-text">
          {feedback.text}
        </p>
      )}
      {(items.length > 0 || showSeller) && (
        <p className="mt-2 text-sm">
          {items.length > 0 && (
            <>
              Bought:{' '}
              {items.map((item, i) => (
                <span key={`${item.productId ?? 'gone'}-${i}`}>
                  {i > 0 && ', '}
                  {item.productId ? (
                    <Link to={postHref(item.productId)} className="underline underline-offset-2">
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </span>
              ))}
            </>
          )}
          {showSeller && (
            <>
              {items.length > 0 ? ' from ' : 'From '}
              <Link
                to={`/${encodeURIComponent(seller.username)}`}
                className="underline underline-offset-2"
              >
                <bdi>{seller.name}</bdi>
              </Link>
            </>
          )}
        </p>
      )}
    </article>
  );
}

/**
 * A list of feedback, newest first, with the average on top; SPEC §8's message when it could not
 * load, and `empty` (what to do next) when there is none.
 */
export function FeedbackList({
  list,
  empty,
  label,
  tone = 'amber',
  showSeller = false,
  postHref = (id) => `/products/${encodeURIComponent(id)}`,
}: {
  list: FeedbackListState;
  empty: ReactNode;
  /** The list's accessible name ("Feedback on Walnut stool"). */
  label: string;
  tone?: Tone;
  /** Name the seller of each sale (lists that mix sellers). */
  showSeller?: boolean;
  postHref?: (productId: string) => string;
}) {
  if (list.error)
    return (
      <p role="alert" className="list-empty" data-testid="feedback-error">
        {list.error}
      </p>
    );
  if (list.feedbacks.length === 0)
    return (
      <div className="list-empty" data-testid="feedback-empty">
        {empty}
      </div>
    );
  return (
    <section aria-label={label}>
      <RatingSummary
        averageRating={list.averageRating}
        recordsCount={list.recordsCount}
        tone={tone}
      />
      <ol className="mt-2 divide-y divide-gray-300" data-testid="feedback-list">
        {list.feedbacks.map((f) => (
          <li key={f._id}>
            <FeedbackCard feedback={f} tone={tone} showSeller={showSeller} postHref={postHref} />
          </li>
        ))}
      </ol>
    </section>
  );
}
