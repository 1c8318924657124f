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
  shared,
  className,
}: {
  product: { _id: string; title: string; likesCount: number; user: { _id: string } };
  viewerId: string | null;
  /**
   * On a page rendered for nobody (docs/decisions/045): the viewer's like once known (false till
   * then), a sign of a session, and the promise the like waits for (useSharedPage).
   */
  shared?: { liked: boolean; signedIn: boolean; settled: () => Promise<void> };
  className?: string;
}) {
  if (viewerId === product.user._id)
    return (
      <span className="text-sm font-medium" data-testid="post-likes-count">
        {formatNumber(product.likesCount)} {product.likesCount === 1 ? 'like' : 'likes'}
      </span>
    );
  const label = product.title || 'this post';
  // Signed out: the button shows the count and, when pressed, the log-in modal. On a shared page
  // the same button, from the server's render on, takes the member's state when it is known.
  const signedOut = (
    <LikeButton
      liked={!!shared?.liked}
      count={product.likesCount}
      signedIn={!!shared?.signedIn}
      toggle={
        shared
          ? () =>
              shared
                .settled()
                .then(() => import('../api/social-calls'))
                .then((m) => m.likeProduct(product._id))
          : never
      }
      label={label}
      className={className}
    />
  );
  if (shared || viewerId === null) return signedOut;
  return (
    <Suspense fallback={signedOut}>
      <BoundPostLike product={product} signedIn className={className} />
    </Suspense>
  );
}
