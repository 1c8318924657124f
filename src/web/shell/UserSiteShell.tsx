import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrandName, useRootData } from '../lib/root-data';
import {
  headerBrandingParts,
  siteCssVariables,
  type SiteBranding,
} from '../features/sites/site-theme';
import { CartLink } from './CartLink';
import { LazySideMenu as SideMenu } from './LazySideMenu';
import { SkipLink } from './SkipLink';

interface UserSiteShellProps {
  site: SiteBranding & { name: string };
  username: string;
  children: ReactNode;
}

/**
 * The User-site layout (SPEC §2): the owner's branding. Header shows name, logo or both per
 * `headerBranding`; the site's colours and font are CSS variables on the layout root.
 */
export function UserSiteShell({ site, username, children }: UserSiteShellProps) {
  const brand = useBrandName();
  const year = useRootData()?.year ?? new Date().getFullYear();
  const { showLogo, showName, logoUrl } = headerBrandingParts(site);
  const home = `/${encodeURIComponent(username)}`;
  return (
    <div
      className="site-theme flex min-h-dvh flex-col"
      style={siteCssVariables(site)}
      data-layout="user-site"
    >
      <SkipLink />
      <header data-testid="site-header" className="site-header">
        <div className="container-page flex items-center gap-2 py-3">
          <SideMenu />
          <Link
            to={home}
            className="inline-flex min-w-0 items-center gap-3 rounded-md"
            data-testid="site-branding"
          >
            {showLogo && logoUrl ? (
              <img
                src={logoUrl}
                alt={showName ? '' : site.name}
                className="size-10 rounded-md object-cover"
                data-testid="site-logo"
              />
            ) : null}
            {showName ? (
              <span className="truncate text-lg font-bold" data-testid="site-name">
                {site.name}
              </span>
            ) : null}
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <CartLink to={`${home}/checkout`} />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main flex-1 focus:outline-none">
        <div className="container-page py-8">{children}</div>
      </main>
      <footer data-testid="site-footer" className="site-footer">
        <div className="container-page flex flex-col gap-2 py-6 text-sm md:flex-row md:justify-between">
          <p>
            © {year} {site.name}
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
