import { Link } from 'react-router';
import { ShareButton } from '../../../components/ShareButton';
import type { PublicSite } from '../../../../shared/contracts/sites';
import { formatNumber } from '../../../../shared/format';
import { ownerLink, sitePath } from '../site-paths';
import type { ReactNode } from 'react';

/**
 * `/{username}-x`: the site as a link-in-bio card (docs/decisions/016) — picture, name, bio, a
 * column of link buttons and the newest posts, for visitors arriving from a social profile. The
 * route hands it the avatar, the owner's link and the posts' grid (SiteAvatar, OwnerLink, the
 * catalogue's ProductGrid): this module, loaded on demand, shares no code with the page's chunk.
 */
export function LinkInBioCard({
  site,
  featured,
  avatar,
  ownerLinkButton,
}: {
  site: PublicSite;
  /** The newest posts (the route renders them with the catalogue's grid). */
  featured: ReactNode;
  avatar: ReactNode;
  /** The owner's link as a button (OwnerLink), shown when it is an http(s) link. */
  ownerLinkButton: ReactNode;
}) {
  const { owner } = site;
  const base = sitePath(owner.username);
  const about = owner.bio.trim() || site.description.trim();
  const posts = owner.postsCount;
  return (
    <div className="link-card" data-testid="link-in-bio">
      {avatar}
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-words"><bdi>{site.name}</bdi></h1>
      {about && <p className="mt-2 whitespace-pre-line break-words">{about}</p>}

      <nav aria-label={`Links of ${site.name}`} className="mt-6">
        <ul className="link-card-links">
          {ownerLink(owner.link) && <li>{ownerLinkButton}</li>}
          <li>
            <Link to={base} className="btn btn-site" data-testid="link-full-page">
              Visit the full page
            </Link>
          </li>
          <li>
            <Link to={`${base}/products`} className="btn btn-site" data-testid="link-shop">
              {posts > 0
                ? `Shop all ${formatNumber(posts)} ${posts === 1 ? 'post' : 'posts'}`
                : 'Shop'}
            </Link>
          </li>
          <li>
            <ShareButton title={site.name} label="Share this page" className="btn btn-secondary" />
          </li>
        </ul>
      </nav>

      <section aria-labelledby="featured-title" className="mt-8 text-left">
        <h2 id="featured-title" className="mb-3 text-lg font-semibold">
          Latest posts
        </h2>
        {featured}
      </section>
    </div>
  );
}
