import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrandName } from '../lib/root-data';
import { useViewer } from '../features/accounts/viewer';
import { SocialIcon } from '../components/ui/icons';
import { Copyright, FooterNav } from './FooterNav';
import { LazyAvatarMenu } from './LazyAvatarMenu';
import { LOG_IN, SIGN_UP } from '../lib/navigation';
import { Logo } from './Logo';
import { LazySideMenu as SideMenu } from './LazySideMenu';
import { SkipLink } from './SkipLink';

export const SOCIAL_LINKS = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
  { network: 'x', label: 'X', href: 'https://x.com/' },
] as const;

function SocialLinks() {
  const brand = useBrandName();
  return (
    <ul className="flex items-center gap-2" data-testid="social-links">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.network}>
          <a
            href={s.href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={`${brand} on ${s.label} (opens in a new tab)`}
            className="icon-btn text-gray-700 hover:text-gray-950"
          >
            <SocialIcon network={s.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Landing layout (SPEC §2): its "Sign Up and Sign In buttons", worded as everywhere else
 * (Log in, Sign up: navigation.ts), and social links.
 */
export function LandingShell({ children }: { children: ReactNode }) {
  // On /index-{product}bio (a shared page) the member fills in after load: docs/decisions/045.
  const user = useViewer();
  const brand = useBrandName();
  return (
    <div className="flex min-h-dvh flex-col bg-white" data-layout="landing">
      <SkipLink />
      <header data-testid="site-header" className="border-b border-gray-100">
        <div className="container-page flex items-center gap-1 py-3 md:gap-2">
          <SideMenu />
          <Logo to="/" />
          <nav aria-label="Account" className="ml-auto flex shrink-0 items-center gap-2">
            {user ? (
              <>
                <Link to="/my-posts" className="btn btn-ghost px-3">
                  My Posts
                </Link>
                <LazyAvatarMenu user={user} />
              </>
            ) : (
              <>
                <Link
                  to={LOG_IN.to}
                  data-testid="landing-signin"
                  className="btn btn-secondary px-3 md:px-4"
                >
                  {LOG_IN.label}
                </Link>
                <Link
                  to={SIGN_UP.to}
                  data-testid="landing-signup"
                  className="btn btn-primary px-3 md:px-4"
                >
                  {SIGN_UP.label}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer data-testid="site-footer" className="border-t border-gray-200 bg-gray-50">
        <div className="container-page flex flex-col gap-6 py-10 md:flex-row md:items-center md:justify-between">
          <div className="space-y-3">
            <p className="font-semibold text-gray-900">Follow {brand}</p>
            <SocialLinks />
          </div>
          <FooterNav />
          <Copyright />
        </div>
      </footer>
    </div>
  );
}
