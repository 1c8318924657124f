import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRootData } from '../lib/root-data';
import { Copyright, FooterNav, FooterSignup } from './FooterNav';
import { LazyAvatarMenu } from './LazyAvatarMenu';
import { CartLink } from './CartLink';
import { MessagesLink } from './MessagesLink';
import { Logo } from './Logo';
import { SearchForm } from './SearchForm';
import { LazySideMenu as SideMenu } from './LazySideMenu';
import { SkipLink } from './SkipLink';
import { TagList } from './TagList';
import { useHeightVariable } from '../lib/focus';
import { LOG_IN, SIGN_UP } from '../lib/navigation';

/** Log in / Sign up links for signed-out visitors, or the avatar menu. */
export function AccountLinks() {
  const user = useRootData()?.user ?? null;
  if (user) return <LazyAvatarMenu user={user} />;
  return (
    <>
      <Link to={LOG_IN.to} data-testid="login-link" className="btn btn-ghost px-2.5 md:px-3">
        {LOG_IN.label}
      </Link>
      <Link to={SIGN_UP.to} data-testid="signup-link" className="btn btn-primary px-2.5 md:px-3">
        {SIGN_UP.label}
      </Link>
    </>
  );
}

export function DefaultHeader() {
  // Its real height (it wraps on phones: 152px) is what scroll-padding-top keeps focus clear of.
  const header = useHeightVariable<HTMLElement>('--sticky-header-height');
  return (
    <header
      ref={header}
      data-testid="site-header"
      className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur"
    >
      <div className="container-page flex flex-wrap items-center gap-x-1 gap-y-2 py-2 md:gap-x-2">
        <SideMenu />
        <Logo to="/all-posts" />
        <div className="ml-auto flex shrink-0 items-center gap-1 md:gap-2">
          <CartLink />
          <MessagesLink />
          <AccountLinks />
        </div>
        {/* After the account links in the page and on screen (a second row on phones, their right
            on wider screens): the tab order reads as the header looks (WCAG 2.4.3, ADR 058). */}
        <SearchForm className="w-full md:w-auto md:max-w-sm md:flex-1" />
      </div>
      <TagList />
    </header>
  );
}

export function DefaultFooter() {
  return (
    <footer data-testid="site-footer" className="mt-16 border-t border-gray-200 bg-gray-50">
      <div className="container-page border-b border-gray-200 py-8">
        <FooterSignup />
      </div>
      <div className="container-page flex flex-col gap-4 py-8 md:flex-row md:items-center md:justify-between">
        <FooterNav />
        <Copyright />
      </div>
    </footer>
  );
}

/** The Default layout (SPEC §2): header with logo, search, tags, cart and account; footer. */
export function DefaultShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="default">
      <SkipLink />
      <DefaultHeader />
      <main id="main" tabIndex={-1} className="container-page flex-1 py-8 focus:outline-none">
        {children}
      </main>
      <DefaultFooter />
    </div>
  );
}
