import { ShareButton } from '../../../components/ShareButton';
import type { PublicSite } from '../../../../shared/contracts/sites';
import { formatNumber } from '../../../../shared/format';
import { sitePath } from '../site-paths';
import type { ReactNode } from 'react';
import { SiteLinkList, SocialLinks } from './SiteLinkList';

/**
 * `/{username}-x`: the seller's links page (docs/decisions/016, 068) — picture, name, bio, the row
 * of social icons, their links (the featured one larger, a post with its photo and price), a strip
 * of the newest posts and the way into the shop, for visitors arriving from a social profile.
 * Every link is a plain anchor: the page works with JavaScript off. The route hands it the
 * avatar, the owner's own link and the posts' grid (SiteAvatar, OwnerLink, the catalogue's
 * ProductGrid): this module, loaded on demand, shares no code with the page's chunk.
 */
export function LinkInBioCard({
  site,
  currency,
  featured,
  avatar,
  ownerLinkButton,
}: {
  site: PublicSite;
  currency: string;
  /** The newest posts (the route renders them with the catalogue's grid). */
  featured: ReactNode;
  avatar: ReactNode;
  /** The profile's own link as a button (OwnerLink): shown while the seller has no links. */
  ownerLinkButton: ReactNode;
}) {
  const { owner } = site;
  const base = sitePath(owner.username);
  const about = owner.bio.trim() || site.description.trim();
  const posts = owner.postsCount;
  const hasLinks = site.links.some((link) => !link.social);
  return (
    <div className="link-card" data-testid="link-in-bio">
      {avatar}
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-words">
        <bdi>{site.name}</bdi>
      </h1>
      {about && <p className="mt-2 whitespace-pre-line break-words">{about}</p>}
      <SocialLinks links={site.links} siteName={site.name} className="mt-3 justify-center" />

      <nav aria-label={`Links of ${site.name}`} className="mt-6">
        {hasLinks ? (
          <SiteLinkList links={site.links} siteName={site.name} currency={currency} />
        ) : (
          ownerLinkButton && <div className="link-card-links">{ownerLinkButton}</div>
        )}
      </nav>

      <section aria-labelledby="featured-title" className="mt-8 text-left">
        <h2 id="featured-title" className="mb-3 text-lg font-semibold">
          Latest posts
        </h2>
        {featured}
      </section>

      <ul className="link-card-links mt-6 w-full">
        <li>
          <a href={base} className="btn btn-site" data-testid="link-shop">
            {posts > 0
              ? `Visit the shop · ${formatNumber(posts)} ${posts === 1 ? 'post' : 'posts'}`
              : 'Visit the shop'}
          </a>
        </li>
        <li>
          <ShareButton title={site.name} label="Share this page" className="btn btn-secondary" />
        </li>
      </ul>
    </div>
  );
}
