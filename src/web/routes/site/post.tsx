import { Link, useOutletContext } from 'react-router';
import type { Route } from './+types/post';
import { PostPage } from '../../features/catalog/components/PostPage';
import { addToCart } from '../../features/cart/attribution';
import { PostLikeAction } from '../../features/social/components/PostLike';
import { loadPostComments } from '../../features/comments/api/comments-api';
import { CommentsSection } from '../../features/comments/components/CommentsSection';
import { MessageLink } from '../../components/MessageLink';
import { PostOfferAction } from '../../features/offers/components/OfferButton';
import { sitePath } from '../../features/sites/site-paths';
import { useSite } from '../../features/sites/use-user-site';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import type { SharedPage } from '../../features/social/shared-page';
import { postPath } from '../../../shared/post-path';
import { sitePostMeta } from './post-meta';
import { loadSitePost } from './seller';
import { usePostOpenOffer } from '../post-open-offer';

/** `/{username}/{slug}-{shortId}` (docs/decisions/062): one post of this seller, on their page (another seller's post is a 404). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  // The comments wait for the post: the address names it by its short id, they by its id.
  const { site, product } = await loadSitePost(context, params, url);
  const comments = await loadPostComments(serverApi(context), product._id, url);
  return { product, comments, meta: sitePostMeta(context, site, product) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Post');

/**
 * The post page in the site's colours; its tags and seller link stay on the site. Rendered for
 * nobody (docs/decisions/045): a member's like fills in once the page has loaded, and the seller
 * gets their likes count and the post's edit link where others have the like button; Message
 * writes to the seller about the post. A buyer's open offer on the post (page state) takes the
 * place of "Make an offer": "Buy at …" once accepted, else where it stands.
 */
export default function SitePost({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { product } = loaderData;
  const { viewer, state: page, signedIn, settled } = useOutletContext<SharedPage>();
  const self = viewer !== null && viewer._id === product.user._id;
  const { openOffer, soldOut, onSent, buyAtOffer } = usePostOpenOffer(product, page?.offers, {
    own: self,
    checkoutPath: `${sitePath(product.user.username)}/checkout`,
  });
  return (
    <div data-testid="site-post">
      <PostPage
        product={loaderData.product}
        onAddToCart={(line) => addToCart(line, product.user.username)}
        sellerHref={site ? sitePath(site.username) : undefined}
        tagUsername={site?.username}
        buttonClass="btn btn-site"
        actions={({ selection, price }) => (
          <>
            <PostLikeAction
              product={product}
              viewerId={viewer?._id ?? null}
              shared={{
                liked: !!page?.likedPostIds.includes(product._id),
                alert: !!page?.alertPostIds.includes(product._id),
                signedIn,
                settled,
              }}
            />
            {/* To the author about this post: the same link for everyone (the page is shared);
                the author keeps its room, unseen, where the edit link joins it. */}
            <MessageLink
              to={product.user.username}
              about={postPath(product.user.username, product)}
              name={product.user.name || product.user.username}
              className={self ? 'btn btn-site invisible' : 'btn btn-site'}
              testId="message-author"
            />
            <PostOfferAction
              open={openOffer}
              soldOut={soldOut}
              seller={product.user.name || product.user.username}
              onBuy={buyAtOffer}
              allowOffers={product.allowOffers}
              mode={self ? 'likers' : 'buyer'}
              post={{ ...product, price }}
              selection={selection}
              signedIn={signedIn}
              className="btn btn-site"
              onSent={onSent}
            />
            {self && (
              <Link
                to={`/add-edit-item/${encodeURIComponent(product._id)}`}
                className="btn btn-site"
                data-testid="owner-edit-post"
              >
                Edit the post
              </Link>
            )}
          </>
        )}
      />
      <CommentsSection
        productId={loaderData.product._id}
        ownerId={loaderData.product.user._id}
        data={loaderData.comments}
        viewer={viewer}
      />
    </div>
  );
}
