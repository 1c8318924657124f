import type { ReactNode } from 'react';
import { ShareButton } from '../../../components/ShareButton';
import type { PublicSite } from '../../../../shared/contracts/sites';
import { formatNumber } from '../../../../shared/format';
import { ownerLink } from '../site-paths';
import { SiteAvatar } from './SiteAvatar';
import { FeaturedLink, SocialLinks } from './SiteLinkList';

const counted = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The owner's own link, only when it is http(s); `ugc`: the page does not vouch for it. */
export function OwnerLink({ link, className }: { link: string; className?: string }) {
  const safe = ownerLink(link);
  if (!safe) return null;
  return (
    <a href={safe.href} rel="noopener nofollow ugc" className={className} data-testid="owner-link">
      {safe.text}
    </a>
  );
}

/**
 * The top of a seller's page: who they are (picture, site name, description, bio, link), their
 * social icons and featured link (docs/decisions/068), their numbers (posts, followers,
 * following, rating) and a share button, with room for the page's `actions`
 * (follow, like: composed by the route). It fills a phone's first screen: the owner's picture is
 * fetched first.
 */
export function SiteProfile({
  site,
  actions,
  followersCount = site.owner.followersCount,
  rating,
  currency,
}: {
  site: PublicSite;
  /** The marketplace's currency (a featured post link shows its price). */
  currency: string;
  actions?: ReactNode;
  /** The seller's average rating as a seller, when they have feedback (composed by the route). */
  rating?: ReactNode;
  /** The follower count as it is now (a follow on this page changes it), else the page's. */
  followersCount?: number;
}) {
  const { owner } = site;
  const ownerName = owner.name || owner.username;
  return (
    <section aria-labelledby="site-title" className="site-profile" data-testid="site-profile">
      <SiteAvatar name={ownerName} image={owner.image} size={88} priority />
      <div className="min-w-0 flex-1">
        <h1 id="site-title" className="text-3xl font-bold tracking-tight break-words md:text-4xl">
          <bdi>{site.name}</bdi>
        </h1>
        {ownerName !== site.name && <p className="mt-1 font-medium">by {ownerName}</p>}
        {site.description && (
          <p className="mt-3 max-w-2xl text-lg" data-testid="site-description">
            {site.description}
          </p>
        )}
        {owner.bio && (
          <p className="mt-2 max-w-2xl whitespace-pre-line break-words" data-testid="site-bio">
            {owner.bio}
          </p>
        )}
        <SocialLinks links={site.links} siteName={site.name} className="mt-2 -ml-2.5" />
        <OwnerLink link={owner.link} className="site-text-link mt-2 inline-block break-all" />
        <FeaturedLink links={site.links} currency={currency} />
        <ul className="site-counts" data-testid="site-counts">
          <li>{counted(owner.postsCount, 'post', 'posts')}</li>
          <li data-testid="site-followers">{counted(followersCount, 'follower', 'followers')}</li>
          {rating && <li data-testid="site-rating">{rating}</li>}
          <li>{formatNumber(owner.followingCount)} following</li>
          {/* With actions, the like button shows the likes. */}
          {!actions && <li>{counted(owner.likesCount, 'like', 'likes')}</li>}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {actions}
          <ShareButton title={site.name} label="Share this page" className="btn btn-site" />
        </div>
      </div>
    </section>
  );
}
