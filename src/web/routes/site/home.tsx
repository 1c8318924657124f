import { lazy, useEffect, useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { Route } from './+types/home';
import { ReportButton } from '../../components/ReportButton';
import { loadUserMessages } from '../../features/messages/api/messages-api';
import { UserMessages } from '../../features/messages/components/UserMessages';
import { MessageLink } from '../../components/MessageLink';
import type { PublicSite } from '../../../shared/contracts/sites';
import { listProductsByUser } from '../../features/catalog/api/catalog-api';
import { PostList } from '../../features/catalog/browse/PostList';
import { toCardList, toCardView } from '../../features/catalog/browse/card-view';
import { ProductGrid } from '../../features/catalog/browse/ProductGrid';
import { TagLinks } from '../../features/catalog/browse/TagLinks';
import { listQueryFromUrl } from '../../features/catalog/list-query';
import { SiteAvatar } from '../../features/sites/components/SiteAvatar';
import { SiteSearch } from '../../features/sites/components/SiteSearch';
import { OwnerLink, SiteProfile } from '../../features/sites/components/SiteProfile';
import { loadUserSite } from '../../features/sites/api/get-site';
import { siteMeta } from '../../features/sites/site-meta';
import { postPath } from '../../../shared/post-path';
import { useUserSite } from '../../features/sites/use-user-site';
import { productLabel } from '../../features/sites/user-slug';
import { STEPS } from '../../features/landing/content/pitch';
import { productPitch } from '../../features/landing/content/products';
import { SellerActions, type ViewerState } from '../../features/social/components/SellerActions';
import type { FollowState } from '../../components/FollowButton';
import { serverApi } from '../../lib/api';
import { canonicalMeta, pageMeta } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { SharedPage } from '../../features/social/shared-page';
import { loadSellerTags } from './seller';
import { loadSellerRating } from '../../features/feedback/api/feedback-loaders';
import { SellerRating } from '../../features/feedback/components/SellerRating';
import { ListSignupForm } from '../../features/outreach/components/ListSignupForm';

// `/index-{product}bio` pages are rare; a user's page (the common case) does not load the landing
// page's code. No <Suspense>: the server render waits for it (docs/decisions/011).
const ProductLanding = lazy(() =>
  import('../../features/landing/components/ProductLanding').then((m) => ({
    default: m.ProductLanding,
  })),
);

// The link-in-bio card (`/{username}-x`) likewise stays out of the seller's page's code.
const LinkInBioCard = lazy(() =>
  import('../../features/sites/components/LinkInBioCard').then((m) => ({
    default: m.LinkInBioCard,
  })),
);

/** The link-in-bio card shows this many of the newest posts (docs/decisions/016). */
const FEATURED_POSTS = 6;

/**
 * `/{username}`: a page of the seller's published posts, the tags of all of them and the page's
 * meta (Person JSON-LD); `/{username}-x`: the newest posts for the link-in-bio card, canonical at
 * the full page; `/index-{product}bio`: a landing page's meta.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const found = await loadUserSite(context, params.username, url.pathname);
  if (found.kind === 'landing') {
    // Its own words for its own audience: a page of its own for search engines too.
    const pitch = productPitch(found.product, productLabel(found.product));
    const { hero } = pitch;
    return {
      kind: 'landing' as const,
      // The page's words as data: they never enter the page's JavaScript (docs/decisions/036).
      pitch,
      steps: STEPS,
      meta: [...pageMeta(context, hero.eyebrow, hero.lead), canonicalMeta(context, url.pathname)],
    };
  }
  const { site } = found;
  const client = serverApi(context);
  if (found.variant === 'x') {
    const newest = await listProductsByUser(client, site.owner.username, {
      page: 1,
      sort: 'newest',
      limit: FEATURED_POSTS,
    });
    return {
      kind: 'card' as const,
      // Cards, not whole posts, in the page's inline data (card-view.ts).
      featured: newest.products.map(toCardView),
      meta: siteMeta(context, site, { title: 'Links', location: '' }),
    };
  }
  const query = listQueryFromUrl(url);
  // The same page for everyone (docs/decisions/045): whether I follow or like them is asked by
  // the page after it loads (SellerProfile).
  const [list, tags, messages, rating] = await Promise.all([
    listProductsByUser(client, site.owner.username, query),
    loadSellerTags(client, site),
    // The seller's latest public messages, under the first page of posts.
    query.page === 1 ? loadUserMessages(client, site.owner.username) : null,
    // Their average rating as a seller, beside the follower count (null: no feedback yet).
    loadSellerRating(client, site.owner._id),
  ]);
  return {
    kind: 'page' as const,
    list: toCardList(list),
    query,
    tags,
    messages,
    rating,
    href: url.pathname + url.search,
    meta: siteMeta(context, site, { location: url, person: true }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, '');

/**
 * The seller's profile with follow and like; the follower count follows a follow made here. The
 * server renders it for nobody (follow, like and report, not yet pressed); a member's follow and
 * like fill in once the page has loaded (GET /me/page-state), and the seller on their own page
 * gets their page's edit link in the same place — the Message and report links keep their room,
 * unseen.
 */
function SellerProfile({
  site,
  rating,
  currency,
}: {
  site: PublicSite;
  rating: { averageRating: number; recordsCount: number } | null;
  currency: string;
}) {
  const { owner } = site;
  const { viewer: me, state: page, signedIn, settled } = useOutletContext<SharedPage>();
  const viewerId = me?._id ?? null;
  const self = viewerId === owner._id;
  const viewer: ViewerState | null = page && {
    following: page.followedUserIds.includes(owner._id),
    liked: page.likedUserIds.includes(owner._id),
    blocked: page.blockedUserIds.includes(owner._id),
  };
  // A value, not the object: an answer that says what was shown already resets nothing.
  const following = viewer?.following ?? false;
  const [follow, setFollow] = useState<FollowState>({
    following,
    followersCount: owner.followersCount,
  });
  useEffect(
    () => setFollow({ following, followersCount: owner.followersCount }),
    [following, owner.followersCount],
  );
  return (
    <>
      <SiteProfile
        site={site}
        currency={currency}
        followersCount={follow.followersCount}
        rating={rating && <SellerRating username={owner.username} {...rating} />}
        // The seller on their own page sees their page's edit link instead.
        actions={
          <>
            {self ? (
              <Link to="/edit-page" className="btn btn-site" data-testid="owner-edit-page">
                Edit your page
              </Link>
            ) : (
              <SellerActions
                owner={{
                  _id: owner._id,
                  name: owner.name || owner.username,
                  likesCount: owner.likesCount,
                }}
                viewer={viewer}
                viewerId={viewerId}
                follow={follow}
                onFollowChange={setFollow}
                signedIn={signedIn}
                settled={settled}
              />
            )}
            {/* The same link for everyone (the page is shared); the seller's own page keeps its
              room, unseen, as the report link below (nothing moves when they are recognised). */}
            <MessageLink
              to={owner.username}
              name={owner.name || owner.username}
              className={self || viewer?.blocked ? 'btn btn-site invisible' : 'btn btn-site'}
              testId="message-seller"
            />
          </>
        }
      />
      {/* Hidden from the owner, its room kept: nothing below moves when they are recognised. */}
      <p className={self ? 'invisible mt-4 text-sm' : 'mt-4 text-sm'}>
        <ReportButton
          targetType="user"
          targetId={owner._id}
          signedIn={signedIn}
          label={`Report ${owner.name || owner.username}`}
          className="site-text-link"
          testId="report-seller"
        />
      </p>
    </>
  );
}

export default function UserSiteHome({ loaderData }: Route.ComponentProps) {
  const data = useUserSite();
  const currency = useRootData()?.config.currency ?? 'USD';
  if (!data) return null;
  if (data.kind === 'landing')
    return loaderData.kind === 'landing' ? (
      <ProductLanding
        slug={data.product}
        label={productLabel(data.product)}
        pitch={loaderData.pitch}
        steps={loaderData.steps}
      />
    ) : null;

  const { site, username, variant } = data;
  if (variant === 'x')
    return (
      <LinkInBioCard
        site={site}
        currency={currency}
        avatar={
          <SiteAvatar
            name={site.owner.name || site.name}
            image={site.owner.image}
            size={96}
            priority
          />
        }
        ownerLinkButton={<OwnerLink link={site.owner.link} className="btn btn-site" />}
        featured={
          <ProductGrid
            showSeller={false}
            products={loaderData.kind === 'card' ? loaderData.featured : []}
            currency={currency}
            hrefFor={(p) => postPath(username, p)}
            label={`Latest posts by ${site.name}`}
            empty={
              <p>
                <bdi>{site.name}</bdi> has not published anything yet. Come back soon.
              </p>
            }
          />
        }
      />
    );
  if (loaderData.kind !== 'page') return null;

  const { list, query, href, tags, messages, rating } = loaderData;
  return (
    <div data-testid="user-site-home" data-variant={variant}>
      <SellerProfile site={site} rating={rating} currency={currency} />
      <section aria-labelledby="site-posts-title" className="mt-10">
        <h2 id="site-posts-title" className="text-2xl font-bold tracking-tight">
          Posts
        </h2>
        <div className="mt-4">
          <SiteSearch username={username} name={site.name} />
        </div>
        {tags.length > 0 && (
          <div className="mt-4">
            <TagLinks tags={tags} username={username} label="Tags of this seller" />
          </div>
        )}
        <div className="mt-6">
          <PostList
            showSeller={false}
            list={list}
            query={query}
            href={href}
            hrefFor={(p) => postPath(username, p)}
            label={`Posts by ${site.name}`}
            // Below the profile, so below a phone's first screen: pictures load as they near it.
            eagerCards={0}
            empty={
              <p>
                <bdi>{site.name}</bdi> has not published anything yet. Follow along and come back
                soon, or{' '}
                <Link to="/marketplace" className="link">
                  browse the marketplace
                </Link>
                .
              </p>
            }
          />
        </div>
      </section>
      {messages && <UserMessages messages={messages.messages} name={site.name} />}
      {/* The seller's own email list: a plain form posted to /email-list (no JavaScript). */}
      <section className="mt-10 max-w-xl" data-testid="site-list-signup">
        <ListSignupForm
          id="site-list"
          list={site.owner.username}
          source="site"
          title={`Get ${site.name}'s new posts by email`}
          button="btn btn-site"
        />
      </section>
    </div>
  );
}
