import type { PublicSiteLink } from '../../../../../shared/contracts/site-links';
import { formatMoney } from '../../../../../shared/format';
import { LINK_ICON_LABELS } from '../../../../../shared/site-links';
import { LinkGlyph } from './LinkGlyph';
import type { PreviewLink } from './link-preview';

/**
 * Stand-in for the public page's SiteLinkList (src/web/features/sites/components/SiteLinkList.tsx,
 * same props) until it lands: the preview swaps to it by changing one import in LinksPreview.tsx.
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
  const social = links.filter((l) => l.social);
  const buttons = links.filter((l) => !l.social);
  return (
    <div className="space-y-3">
      {social.length ? (
        <ul className="flex flex-wrap justify-center gap-3" aria-label={`${siteName} elsewhere`}>
          {social.map((l) => (
            <li key={l._id}>
              <a href={l.href} aria-label={`${l.title} (${LINK_ICON_LABELS[l.icon]})`}>
                <LinkGlyph icon={l.icon} className="size-6" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="space-y-2" data-testid="site-links">
        {buttons.map((l) => {
          const post = (l as PreviewLink).post;
          return (
            <li key={l._id}>
              <a
                href={l.href}
                className={`btn btn-site flex w-full items-center gap-2 ${l.featured ? 'min-h-16 text-lg' : ''}`}
              >
                <LinkGlyph icon={l.icon} />
                <span className="min-w-0 flex-1 truncate">{l.title}</span>
                {post ? (
                  <span className="text-xs">
                    {post.soldOut ? 'Sold out' : formatMoney(post.price, currency)}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
