import type { CSSProperties } from 'react';
import type { LinkDraft, LinkPost } from './link-draft';
import { previewLinks } from './link-preview';
import { SiteLinkList, SocialLinks } from '../../components/SiteLinkList';

interface LinksPreviewProps {
  rows: readonly LinkDraft[];
  posts: readonly LinkPost[];
  now: Date;
  timeZone: string;
  username: string;
  siteName: string;
  currency: string;
  /** The site's colours and font as CSS variables (site-theme.ts). */
  theme: CSSProperties;
}

/**
 * The links as a visitor sees them, following every edit: drawn by the public page's own list
 * components (the links page's icons and list) in the site's colours, so what the owner sees is what visitors get. Not interactive
 * (inert): it shows, the rows above edit.
 */
export function LinksPreview({
  rows,
  posts,
  now,
  timeZone,
  username,
  siteName,
  currency,
  theme,
}: LinksPreviewProps) {
  const links = previewLinks(rows, posts, now, timeZone, username);
  return (
    <figure aria-labelledby="links-preview-caption" data-testid="links-preview">
      <figcaption id="links-preview-caption" className="mb-1 text-sm font-semibold text-gray-900">
        Preview of your links
      </figcaption>
      <p className="mb-2 text-sm text-gray-700">
        Off and scheduled links are not shown to visitors.
      </p>
      <div
        className="site-theme rounded-xl border border-gray-300 p-4 shadow-sm"
        style={theme}
        inert
      >
        {links.length ? (
          <>
            <SocialLinks links={links} siteName={siteName} className="mb-3 justify-center" />
            <SiteLinkList links={links} siteName={siteName} currency={currency} />
          </>
        ) : (
          <p className="text-sm text-gray-700" data-testid="links-preview-empty">
            No link is shown to visitors yet.
          </p>
        )}
      </div>
    </figure>
  );
}
