import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrandName, useRootData } from '../lib/root-data';
import { InAppHint } from '../features/sites/components/InAppHint';
import { FontFaceLinks } from '../features/sites/components/FontFaceLinks';
import { sitePath } from '../features/sites/site-paths';
import type { SiteTheme } from '../features/sites/site-theme';
import { CartLink } from './CartLink';
import { MessagesLink } from './MessagesLink';
import { LazySideMenu as SideMenu } from './LazySideMenu';
import { SkipLink } from './SkipLink';

interface UserSiteShellProps {
  site: { name: string };
  username: string;
  /** The branding, resolved (site-theme.ts siteTheme: on the server for the public pages). */
  theme: SiteTheme;
  /** The link-in-bio card (`/{username}-x`): one narrow column, no header. */
  compact?: boolean;
  children: ReactNode;
}

/** The logo's box in the header (its width and height attributes: no shift when it loads). */
const LOGO_SIZE = 40;

/**
 * The User-site layout (SPEC §2): the owner's branding. Header shows name, logo or both per
 * `headerBranding`; the site's colours, font and text size are CSS variables on the layout root
 * (checked values only: site-theme.ts), the font's file is preloaded (FontFaceLinks).
 */
export function UserSiteShell({
  site,
  username,
  theme,
  compact = false,
  children,
}: UserSiteShellProps) {
  const brand = useBrandName();
  const year = useRootData()?.year ?? new Date().getFullYear();
  const { showLogo, showName, logoUrl } = theme.header;
  const home = sitePath(username);
  return (
    <div
      className="site-theme flex min-h-dvh flex-col"
      style={theme.style}
      data-layout="user-site"
      data-variant={compact ? 'compact' : 'default'}
    >
      <FontFaceLinks font={theme.font} />
      <SkipLink />
      <InAppHint />
      {!compact && (
        <header data-testid="site-header" className="site-header">
          <div className="container-page flex items-center gap-2 py-3">
            <SideMenu />
            <Link
              to={home}
              className="inline-flex min-h-11 min-w-0 items-center gap-3 rounded-md"
              data-testid="site-branding"
            >
              {showLogo && logoUrl ? (
                <img
                  src={logoUrl}
                  alt={showName ? '' : site.name}
                  width={LOGO_SIZE}
                  height={LOGO_SIZE}
                  className="size-10 rounded-md object-contain"
                  data-testid="site-logo"
                />
              ) : null}
              {showName ? (
                <span className="truncate text-lg font-bold" data-testid="site-name">
                  <bdi>{site.name}</bdi>
                </span>
              ) : null}
            </Link>
            <div className="ml-auto flex items-center gap-1">
              <CartLink to={`${home}/checkout`} />
              <MessagesLink />
            </div>
          </div>
        </header>
      )}
      <main id="main" tabIndex={-1} className="site-main flex-1 focus:outline-none">
        <div className={compact ? 'link-card-page' : 'container-page py-8'}>{children}</div>
      </main>
      <footer data-testid="site-footer" className="site-footer">
        <div className="container-page flex flex-col gap-2 py-6 text-sm md:flex-row md:justify-between">
          <p>
            © {year} <bdi>{site.name}</bdi>
          </p>
          <p>
            Powered by{' '}
            <Link to="/" className="font-semibold underline underline-offset-2">
              {brand}
            </Link>
          </p>
        </div>
      </footer>
    </div>
  );
}
