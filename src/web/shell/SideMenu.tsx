import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { SIGN_OUT_LINK_STATE } from '../features/accounts/sign-out';
import { useViewer } from '../features/accounts/viewer';
import { SIGNED_OUT_MENU, sideMenuEntries } from '../lib/navigation';
import { Avatar } from '../components/ui/Avatar';
import { focusMainContent } from '../lib/focus';
import { CloseIcon } from '../components/ui/icons';
import { MenuButton } from './MenuButton';
import { useMenuStore } from './menu-store';

export const SIDE_MENU_ID = 'side-menu';

const linkClass =
  'block rounded-md px-3 py-2 text-base font-medium text-gray-800 hover:bg-gray-100 hover:text-gray-950';

/**
 * The side menu (SPEC §2): a drawer opened by the hamburger button. Signed in: the profile
 * (avatar, name, email → /edit-profile), "(sign out)" and the entries for the user's role;
 * signed out: Marketplace, Pricing, Log in and Sign up. Closes on every route change.
 */
export function SideMenu() {
  const open = useMenuStore((s) => s.open);
  const setOpen = useMenuStore((s) => s.setOpen);
  const location = useLocation();
  const user = useViewer();

  // A page chosen in the menu takes focus on its heading: back on the menu button, the keyboard
  // would have the whole header (tags and all) to cross to reach it (WCAG 2.4.3). Escape and the
  // close button still return focus to the menu button.
  const closedByNavigation = useRef(false);
  useEffect(() => {
    const menu = useMenuStore.getState();
    if (menu.open) closedByNavigation.current = true;
    menu.close();
  }, [location.key, location.pathname, location.search]);

  const entries = sideMenuEntries(user);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <MenuButton aria-expanded={open} aria-controls={open ? SIDE_MENU_ID : undefined} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-gray-950/40" />
        <Dialog.Content
          id={SIDE_MENU_ID}
          data-testid="side-menu"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!closedByNavigation.current) return;
            closedByNavigation.current = false;
            event.preventDefault();
            focusMainContent({ preventScroll: true });
          }}
          className="drawer fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white text-gray-900 shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close
              className="icon-btn"
              aria-label="Close menu"
              data-testid="side-menu-close"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Main menu" className="flex-1 px-3 py-4">
            {user ? (
              <div className="mb-4 border-b border-gray-200 pb-4">
                <Link
                  to="/edit-profile"
                  data-testid="menu-profile"
                  className="flex items-center gap-3 rounded-md px-3 py-2 hover:bg-gray-100"
                >
                  <Avatar name={user.name} src={user.image?.thumbnail} />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">
                      <bdi>{user.name}</bdi>
                    </span>
                    <span className="block truncate text-sm text-gray-600">{user.email}</span>
                  </span>
                </Link>
                <Link
                  to="/logout"
                  state={SIGN_OUT_LINK_STATE}
                  data-testid="menu-sign-out"
                  className="ml-3 inline-block rounded px-1 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  (sign out)
                </Link>
                <Link
                  to="/plan-selection"
                  data-testid="menu-plan"
                  className="ml-2 inline-block rounded px-1 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  Your plan
                </Link>
              </div>
            ) : null}
            <ul className="space-y-1">
              {(user ? entries : SIGNED_OUT_MENU).map((entry) => (
                <li key={entry.to}>
                  <Link
                    to={entry.to}
                    prefetch="intent"
                    data-testid={entry.testId}
                    className={linkClass}
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
