import type { PublicSiteLink } from '../../../../shared/contracts/site-links';
import { formatMoney } from '../../../../shared/format';
import iconSprite from './link-icons.svg?url';

// A seller's links as visitors see them (issue 25, docs/decisions/068): plain anchors to the
// counted `/l/{id}` redirect, so they work with JavaScript off and every click is counted on the
// server. The icons are one cached SVG file referenced by name: no page carries their drawings in
// its JavaScript.

/** The icon of a link, drawn from the sprite; decorative (the link's text names it). */
export function LinkIcon({ icon, className = 'size-5' }: { icon: string; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${iconSprite}#${icon}`} />
    </svg>
  );
}

/**
 * Links out of the site carry `nofollow`: the page does not vouch for them, and crawlers need not
 * walk through the counting redirect.
 */
const REL = 'nofollow noopener';

/** One link of the list: a button in the site's colours; a post link shows its photo and price. */
function LinkItem({ link, currency }: { link: PublicSiteLink; currency: string }) {
  const { post } = link;
  const className = link.featured ? 'site-link site-link-featured' : 'site-link';
  if (post)
    return (
      <a href={link.href} rel={REL} className={`${className} site-link-post`}>
        {post.thumbnail ? (
          <img src={post.thumbnail} alt={post.alt} width={56} height={56} loading="lazy" />
        ) : (
          <LinkIcon icon="link" />
        )}
        <span className="site-link-text">
          <span className="site-link-title">{link.title}</span>
          <span className="site-link-price">
            {post.soldOut ? 'Sold out' : formatMoney(post.price, currency)}
          </span>
        </span>
      </a>
    );
  return (
    <a href={link.href} rel={REL} className={className}>
      <LinkIcon icon={link.icon} />
      <span className="site-link-text">
        <span className="site-link-title">{link.title}</span>
      </span>
    </a>
  );
}

/**
 * The seller's links in their order; the ones marked as social are in the row of icons instead
 * (SocialLinks). Nothing when there is none.
 */
export function SiteLinkList({
  links,
  siteName,
  currency,
}: {
  links: readonly PublicSiteLink[];
  siteName: string;
  currency: string;
}) {
  const listed = links.filter((link) => !link.social);
  if (listed.length === 0) return null;
  return (
    <ul className="site-links" data-testid="site-links" aria-label={`Links of ${siteName}`}>
      {listed.map((link) => (
        <li key={link._id}>
          <LinkItem link={link} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

/** The seller's featured link alone, drawn large (the full page shows it under the profile). */
export function FeaturedLink({
  links,
  currency,
}: {
  links: readonly PublicSiteLink[];
  currency: string;
}) {
  const featured = links.find((link) => link.featured && !link.social);
  if (!featured) return null;
  return (
    <p className="mt-4 max-w-md" data-testid="featured-link">
      <LinkItem link={featured} currency={currency} />
    </p>
  );
}

/** The row of social icons under the seller's name: each icon named by its link's title. */
export function SocialLinks({
  links,
  siteName,
  className = '',
}: {
  links: readonly PublicSiteLink[];
  siteName: string;
  className?: string;
}) {
  const social = links.filter((link) => link.social);
  if (social.length === 0) return null;
  return (
    <ul
      className={`site-social ${className}`}
      data-testid="social-links"
      aria-label={`${siteName} elsewhere`}
    >
      {social.map((link) => (
        <li key={link._id}>
          <a
            href={link.href}
            rel={REL}
            aria-label={link.title}
            title={link.title}
            className="icon-btn"
          >
            <LinkIcon icon={link.icon} className="size-6" />
          </a>
        </li>
      ))}
    </ul>
  );
}
