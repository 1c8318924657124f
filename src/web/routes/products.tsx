import type { Route } from './+types/products';
import { ReportButton } from '../components/ReportButton';
import { PostOfferAction } from '../features/offers/components/OfferButton';
import { MessageLink } from '../components/MessageLink';
import { ListPage } from '../features/catalog/browse/ListPage';
import { PostPage } from '../features/catalog/components/PostPage';
import { loadPostOrList } from '../features/catalog/post-page';
import { postMeta } from '../features/catalog/components/post-meta';
import { addToCart } from '../features/cart/attribution';
import { PostLikeAction } from '../features/social/components/PostLike';
import { usePageStateOf } from '../features/social/components/use-page-state';
import { loadPostComments } from '../features/comments/api/comments-api';
import { CommentsSection } from '../features/comments/components/CommentsSection';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { usePostOpenOffer } from './post-open-offer';

/**
 * /products/:id? and /items/:id? (SPEC §2 names both): one post (its owner and admins may also open
 * drafts, with a banner), or without an id every published post. One module serves both routes;
 * only the list's wording differs.
 */
const SECTIONS = {
  products: {
    testId: 'products-page',
    title: 'Products',
    metaDescription: 'Everything for sale on the marketplace, newest first.',
    description:
      'Everything for sale on the marketplace, newest first. Narrow it down by tag or search for something specific.',
    action: { to: '/products/tags', label: 'Browse by tag' },
    emptyText: 'Nothing for sale yet.',
  },
  items: {
    testId: 'item-page',
    title: 'Posts',
    metaDescription: 'Every post on the marketplace, newest first.',
    description: 'Every post has its own page. Pick one, or browse the marketplace by category.',
    action: { to: '/marketplace', label: 'Marketplace' },
    emptyText: 'No posts yet.',
  },
} as const;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const section: keyof typeof SECTIONS = url.pathname.startsWith('/items') ? 'items' : 'products';
  const client = serverApi(context);
  // A post's comments are read beside the post (a 404 post throws before they are shown).
  const [page, comments] = await Promise.all([
    loadPostOrList(client, params.id, url),
    params.id ? loadPostComments(client, params.id, url) : null,
  ]);
  // A post's share tags and JSON-LD are built here, on the server (none of it in the bundle);
  // /items/:id shows the same post as /products/:id: one canonical URL for both.
  const meta =
    page.kind === 'post'
      ? postMeta(context, page.product, {
          path: `/products/${encodeURIComponent(page.product._id)}`,
        })
      : null;
  return { section, ...page, meta, comments };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData?.meta) return loaderData.meta;
  const section = SECTIONS[loaderData?.section ?? 'products'];
  return pageMeta(matches, section.title, section.metaDescription);
};

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const section = SECTIONS[loaderData.section];
  const viewerId = useRootData()?.user?._id ?? null;
  const post = loaderData.kind === 'post' ? loaderData.product : null;
  const own = post !== null && viewerId === post.user._id;
  // A buyer's open offer on the post takes the place of "Make an offer" (one call, shared with
  // the alert bell's).
  const personal = usePageStateOf(post && !own ? post._id : '', viewerId !== null);
  const { openOffer, soldOut, onSent, buyAtOffer } = usePostOpenOffer(post, personal?.offers, {
    own,
    checkoutPath: '/checkout',
  });
  if (loaderData.kind === 'post')
    return (
      <div data-testid={section.testId}>
        <PostPage
          product={loaderData.product}
          onAddToCart={(line) => addToCart(line, loaderData.product.user.username)}
          actions={({ selection, price }) => (
            <>
              <PostLikeAction product={loaderData.product} viewerId={viewerId} />
              <PostOfferAction
                open={openOffer}
                soldOut={soldOut}
                seller={loaderData.product.user.name || loaderData.product.user.username}
                onBuy={buyAtOffer}
                allowOffers={loaderData.product.allowOffers}
                mode={own ? 'likers' : 'buyer'}
                post={{ ...loaderData.product, price }}
                selection={selection}
                signedIn={viewerId !== null}
                onSent={onSent}
              />
              {viewerId !== loaderData.product.user._id && (
                <MessageLink
                  to={loaderData.product.user.username}
                  about={`/products/${encodeURIComponent(loaderData.product._id)}`}
                  name={loaderData.product.user.name || loaderData.product.user.username}
                  testId="message-author"
                />
              )}
            </>
          )}
        />
        {viewerId !== loaderData.product.user._id && (
          <div className="mt-8 flex justify-end">
            <ReportButton
              targetType="product"
              targetId={loaderData.product._id}
              signedIn={viewerId !== null}
              label="Report this post"
              testId="report-post"
            />
          </div>
        )}
        {loaderData.comments && (
          <CommentsSection
            productId={loaderData.product._id}
            ownerId={loaderData.product.user._id}
            data={loaderData.comments}
          />
        )}
      </div>
    );
  return (
    <ListPage
      data={loaderData}
      testId={section.testId}
      title={section.title}
      description={section.description}
      action={section.action}
      emptyText={section.emptyText}
    />
  );
}
