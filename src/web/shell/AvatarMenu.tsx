import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { SessionUser } from '../../shared/contracts/accounts';
import { Avatar } from '../components/ui/Avatar';
import { SIGN_OUT_LINK_STATE } from '../features/accounts/sign-out';

// The highlighted (focused) item is outlined in the brand colour (#4338ca: 7.9:1 on white, WCAG
// 1.4.11 / 2.4.7), not only tinted: the tint alone is 1.1:1. Inset, so the menu never clips it.
const itemClass =
  'block cursor-pointer rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-solid data-[highlighted]:outline-[#4338ca]';

/** The signed-in user's avatar in the header, opening a small account menu. */
export function AvatarMenu({ user }: { user: SessionUser }) {
  const items = [
    ...(user.username
      ? [
          {
            label: 'My page',
            to: `/${encodeURIComponent(user.username)}`,
            testId: 'avatar-my-page',
          },
        ]
      : []),
    { label: 'Edit profile', to: '/edit-profile', testId: 'avatar-edit-profile' },
    { label: 'My Posts', to: '/my-posts', testId: 'avatar-my-posts' },
    { label: 'Purchases', to: '/orders', testId: 'avatar-purchases' },
    { label: 'Messages', to: '/messages', testId: 'avatar-messages' },
  ];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.name}`}
        data-testid="avatar-menu-button"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <Avatar name={user.name} src={user.image?.thumbnail} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          data-testid="avatar-menu"
          className="z-50 min-w-52 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-gray-600">
            Signed in as{' '}
            <span className="font-semibold text-gray-900">{user.email || user.name}</span>
          </DropdownMenu.Label>
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link to={item.to} data-testid={item.testId} className={itemClass}>
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item asChild>
            <Link
              to="/logout"
              state={SIGN_OUT_LINK_STATE}
              data-testid="avatar-sign-out"
              className={itemClass}
            >
              Sign out
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
