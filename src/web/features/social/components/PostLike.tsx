import { lazy, Suspense, useState } from 'react';
import { LikeButton } from '../../../components/LikeButton';
import { formatNumber } from '../../../../shared/format';
import { PostAlertBell } from './PostAlert';

// The like button of the post pages. Most of their visitors are signed out (a shared link, a
// cached page): they need only the button that asks them to log in, so the liked-ids store and
// the API calls behind a real like load only for signed-in visitors (the post pages are the
// marketplace's heaviest; tests/e2e/budget.spec.ts).
const BoundPostLike = lazy(() =>
  import('../buttons/LikeButtons').then((m) => ({ default: m.ProductLikeButton })),
);

const never = (): Promise<never> => Promise.reject(new Error('signed out'));

/**
 * A post's like button and, beside it, its bell (price drop and restock alerts); its owner sees the
 * count instead (one cannot like one's own post, nor ring its bell).
 */
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
  shared?: {
    liked: boolean;
    /** The bell's state once known (false till then). */
    alert: boolean;
    signedIn: boolean;
    settled: () => Promise<void>;
  };
  className?: string;
}) {
  // The heart's state as it changes: the bell goes silent when the like is taken back.
  const [likedNow, setLikedNow] = useState<boolean | undefined>(undefined);
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
      onChange={setLikedNow}
    />
  );
  const bell = (
    <PostAlertBell
      productId={product._id}
      title={label}
      signedIn={shared ? shared.signedIn : viewerId !== null}
      known={shared ? shared.alert : undefined}
      liked={likedNow}
      settled={shared?.settled}
      className={className}
    />
  );
  if (shared || viewerId === null)
    return (
      <>
        {signedOut}
        {bell}
      </>
    );
  return (
    <>
      <Suspense fallback={signedOut}>
        <BoundPostLike
          product={product}
          signedIn
          className={className}
          onLikedChange={setLikedNow}
        />
      </Suspense>
      {bell}
    </>
  );
}
