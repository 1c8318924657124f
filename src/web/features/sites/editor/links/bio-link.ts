import { BIO_LINK_SOURCES, sourceLabel } from '../../../../../shared/source-names';
import { LINK_ICON_LABELS, type LinkIcon } from '../../../../../shared/site-links';

/** A platform's bio link: the seller's page address with that platform's `src`. */
export interface BioLink {
  /** `https://host/maya?src=ig`. */
  url: string;
  /** The platform, as the seller knows it ("Instagram"). */
  platform: string;
  /** How Insights names the visits that come through it ("Instagram bio link"). */
  label: string;
}

/**
 * The bio link for a link row's platform (issue 26): put in that platform's bio, its visits and
 * sales show under their own source on Insights. Null for icons that are not a platform one puts
 * a bio link on (a plain link, email, phone).
 */
export function bioLinkFor(pageUrl: string, icon: LinkIcon): BioLink | null {
  const src = BIO_LINK_SOURCES[icon];
  if (!src) return null;
  let url: string;
  try {
    const address = new URL(pageUrl);
    address.searchParams.set('src', src);
    url = address.toString();
  } catch {
    url = `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}src=${encodeURIComponent(src)}`;
  }
  return { url, platform: LINK_ICON_LABELS[icon], label: sourceLabel(src) };
}
