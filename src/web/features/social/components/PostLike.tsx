import { lazy, Suspense } from 'react';
import { LikeButton } from '../../../components/LikeButton';
import { formatNumber } from '../../../../shared/format';

// The like button of the post pages. Most of their visitors are signed out (a shared link, a
// cached page): they need only the button that asks them to log in, so the liked-ids store and
// the API calls behind a real like load only for signed-in visitors (the post pages are the
// marketplace's heaviest; tests/e2e/budget.spec.ts).
const BoundPostLike = lazy(() =>
  import('../buttons/LikeButtons').then((m) => ({ default: m.ProductLikeButton })),
);

const never = (): Promise<never> => Promise.reject(new Error('signed out'));

/** A post's like button; its owner sees the count instead (one cannot like one's own post). */
export function PostLikeAction({
  product,
  viewerId,
  liked,
  className,
}: {
  product: { _id: string; title: string; likesCount: number; user: { _id: string } };
  viewerId: string | null;
  /** The viewer's like when the page knows it (a shared page's GET /me/page-state). */
  liked?: boolean;
  className?: string;
}) {
  if (viewerId === product.user._id)
    return (
      <span className="text-sm font-medium" data-testid="post-likes-count">
        {formatNumber(product.likesCount)} {product.likesCount === 1 ? 'like' : 'likes'}
      </span>
    );
  const label = product.title || 'this post';
  // Signed out: the button shows the count and, when pressed, the log-in modal.
  const signedOut = (
    <LikeButton
      liked={false}
      count={product.likesCount}
      signedIn={false}
      toggle={never}
      label={label}
      className={className}
    />
  );
  if (viewerId === null) return signedOut;
  return (
    <Suspense fallback={signedOut}>
      <BoundPostLike product={product} signedIn liked={liked} className={className} />
    </Suspense>
  );
}
