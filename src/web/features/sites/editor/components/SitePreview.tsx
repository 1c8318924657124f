import { formatMoney } from '../../../../../shared/format';
import { SiteFontFace } from '../../components/SiteFontFace';
import { headerBrandingParts, siteCssVariables, type SiteBranding } from '../../site-theme';

/** One of the owner's posts as the preview shows it. */
export interface PreviewPost {
  _id: string;
  title: string;
  price: number;
  thumbnail: string | null;
}

interface SitePreviewProps {
  branding: SiteBranding & { name: string };
  description: string;
  username: string;
  /** The owner's first published posts; placeholders stand in when there are none. */
  posts: readonly PreviewPost[];
  currency: string;
  year: number;
}

const PLACEHOLDERS: PreviewPost[] = [
  { _id: 'placeholder-1', title: 'Your first post', price: 24, thumbnail: null },
  { _id: 'placeholder-2', title: 'Another post', price: 48, thumbnail: null },
];

/**
 * A miniature of the public page, painted with the same CSS variables and classes as the real
 * one (site-theme.ts, app.css .site-theme/.site-header/.site-footer/.btn-site), so what the owner
 * sees here is what visitors get — including the page's own fallback when a text colour would not
 * read. Nothing in it is interactive.
 */
export function SitePreview({
  branding,
  description,
  username,
  posts,
  currency,
  year,
}: SitePreviewProps) {
  const { showLogo, showName, logoUrl } = headerBrandingParts(branding);
  const shown = posts.length > 0 ? posts.slice(0, 2) : PLACEHOLDERS;
  return (
    <figure aria-labelledby="site-preview-caption" data-testid="site-preview-figure">
      <figcaption id="site-preview-caption" className="mb-2 text-sm font-semibold text-gray-900">
        Live preview of your page
      </figcaption>
      <SiteFontFace family={branding.fontFamily} />
      <div
        className="site-theme overflow-hidden rounded-xl border border-gray-300 shadow-sm"
        style={siteCssVariables(branding)}
        data-testid="site-preview"
      >
        <div
          className="site-header flex min-h-12 items-center gap-2 px-3 py-2"
          data-testid="site-preview-header"
        >
          {showLogo && logoUrl ? (
            <img
              src={logoUrl}
              alt={showName ? '' : branding.name}
              className="size-8 rounded-md object-cover"
              data-testid="site-preview-logo"
            />
          ) : null}
          {showName ? (
            <span className="truncate font-bold" data-testid="site-preview-name">
              <bdi>{branding.name}</bdi>
            </span>
          ) : null}
        </div>
        <div className="space-y-3 p-4">
          <p className="text-xs font-semibold tracking-wide uppercase opacity-80">@{username}</p>
          <p className="text-2xl font-bold tracking-tight" data-testid="site-preview-title">
            <bdi>{branding.name}</bdi>
          </p>
          <p className="text-sm opacity-90" data-testid="site-preview-description">
            {description.trim() || 'Your description appears here.'}
          </p>
          <span className="btn btn-site" data-testid="site-preview-button">
            Shop all posts
          </span>
          <ul className="grid grid-cols-2 gap-3 pt-1">
            {shown.map((post) => (
              <li key={post._id} className="product-card" data-testid="site-preview-post">
                {post.thumbnail ? (
                  <img src={post.thumbnail} alt="" className="aspect-square w-full object-cover" />
                ) : (
                  <div aria-hidden="true" className="aspect-square w-full bg-gray-200" />
                )}
                <div className="p-2 text-xs">
                  <p className="truncate font-semibold">{post.title}</p>
                  <p>{formatMoney(post.price, currency)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="site-footer px-3 py-3 text-xs" data-testid="site-preview-footer">
          © {year} <bdi>{branding.name}</bdi>
        </div>
      </div>
    </figure>
  );
}
