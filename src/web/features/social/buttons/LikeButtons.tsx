import { useEffect, useState } from 'react';
import { LikeButton } from '../../../components/LikeButton';
import { MESSAGES } from '../../../../shared/messages';
import { likeProduct, likeUser } from '../api/social-calls';
import { isLiked, setLiked, type LikedKind } from '../stores/liked-store';
import { useIsLiked, useLikedIdsLoader } from '../stores/use-liked';

interface LikeOfProps {
  kind: LikedKind;
  id: string;
  /** The count the page was rendered with. */
  likesCount: number;
  /** What is liked, for screen readers ("Like Vintage lamp"). */
  label: string;
  signedIn: boolean;
  /** The page knew the state already (a signed-in render); else the liked-ids store tells. */
  liked?: boolean;
  className?: string;
  testId?: string;
  /** Told each liked state shown (the post's bell goes silent with the like). */
  onLikedChange?: (liked: boolean) => void;
}

/**
 * The shared LikeButton bound to the liked-ids store: the store follows every guess, answer and
 * rollback, and the count here follows the store, so every button for the same post or member
 * agrees.
 */
function LikeOf({
  kind,
  id,
  likesCount,
  label,
  signedIn,
  liked,
  className,
  testId,
  onLikedChange,
}: LikeOfProps) {
  useLikedIdsLoader(signedIn, liked === undefined);
  const stored = useIsLiked(kind, id);
  const [count, setCount] = useState(likesCount);
  const [known, setKnown] = useState(liked);
  // A fresh render of the page (revalidation, another post) brings new values.
  useEffect(() => setCount(likesCount), [likesCount]);
  useEffect(() => setKnown(liked), [liked]);
  const current = known ?? stored;

  function onChange(next: boolean) {
    onLikedChange?.(next);
    if (next === (known ?? isLiked(kind, id))) return;
    setKnown(undefined);
    setLiked(kind, id, next);
    setCount((c) => Math.max(0, c + (next ? 1 : -1)));
  }

  async function toggle() {
    const answer = await (kind === 'product' ? likeProduct(id) : likeUser(id));
    setKnown(undefined);
    setLiked(kind, id, answer.liked);
    setCount(answer.count);
    return answer;
  }

  return (
    <LikeButton
      liked={signedIn && current}
      count={count}
      signedIn={signedIn}
      toggle={toggle}
      onChange={onChange}
      label={label}
      errorMessage={MESSAGES.likeError}
      className={className}
      testId={testId}
    />
  );
}

/** Like a post (post pages, cards); `liked` when the page knows (my favourites). */
export function ProductLikeButton(props: {
  product: { _id: string; title: string; likesCount: number };
  signedIn: boolean;
  liked?: boolean;
  className?: string;
  onLikedChange?: (liked: boolean) => void;
}) {
  const { product, ...rest } = props;
  return (
    <LikeOf
      kind="product"
      id={product._id}
      likesCount={product.likesCount}
      label={product.title || 'this post'}
      {...rest}
    />
  );
}

/** Like a member (their page, their profile, lists of members). */
export function UserLikeButton(props: {
  user: { _id: string; name: string; likesCount: number };
  signedIn: boolean;
  liked?: boolean;
  className?: string;
}) {
  const { user, ...rest } = props;
  return (
    <LikeOf
      kind="user"
      id={user._id}
      likesCount={user.likesCount}
      label={user.name}
      testId="user-like-button"
      {...rest}
    />
  );
}
