import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/edit-profile';
import type { SessionUser } from '../../shared/contracts/accounts';
import { LinkCards, PageHeader } from '../components/ui/page';
import { ChangePasswordForm } from '../features/accounts/components/ChangePasswordForm';
import { ProfileForm } from '../features/accounts/components/ProfileForm';
import { pagePath } from '../features/accounts/page-url';
import { profileFormValues } from '../features/accounts/profile-values';
import { useAuthStore } from '../features/accounts/stores/auth-store';
import { guardLoader } from '../features/accounts/guards';
import { getNotificationSettings } from '../features/notifications/api/notifications-api';
import { NotificationSettingsForm } from '../features/notifications/components/NotificationSettingsForm';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /edit-profile (signed in): name, bio, link, interests, photo, password and email settings. */
const guard = guardLoader(['authenticated']);
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guard(args);
  const notificationSettings = await getNotificationSettings(serverApi(args.context)).catch(
    () => null,
  );
  return { user, notificationSettings };
}
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Edit profile');

export default function EditProfile({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const user = loaderData.user;
  if (!user) return null; // the guard redirected

  // The saved user goes into the persisted auth state, and the root loader reloads so the header
  // and side menu show the new name and photo.
  function onSaved(saved: SessionUser) {
    const { site, setSession } = useAuthStore.getState();
    setSession(saved, site);
    void revalidate();
  }

  const page = pagePath(user.username);
  return (
    <div data-testid="edit-profile-page">
      <PageHeader
        title="Edit profile"
        description={
          <>
            Your name, bio, link and photo as buyers and followers see them.{' '}
            <span className="block text-base text-gray-600">
              Signed in as <span className="font-medium break-all">{user.email || user.name}</span>
            </span>
          </>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <section aria-labelledby="profile-heading" className="card">
            <h2 id="profile-heading" className="mb-5 text-lg font-semibold text-gray-900">
              Profile
            </h2>
            <ProfileForm
              key={user._id}
              initial={profileFormValues(user)}
              imageSrc={user.image?.fullsize ?? user.image?.thumbnail ?? null}
              onSaved={onSaved}
            />
          </section>
          <section aria-labelledby="password-heading" className="card">
            <h2 id="password-heading" className="mb-5 text-lg font-semibold text-gray-900">
              Change password
            </h2>
            <ChangePasswordForm username={user.username} />
          </section>
          <section aria-labelledby="notifications-heading" className="card">
            <h2 id="notifications-heading" className="mb-5 text-lg font-semibold text-gray-900">
              Email notifications
            </h2>
            <NotificationSettingsForm initial={loaderData.notificationSettings} />
          </section>
        </div>
        <aside aria-labelledby="public-heading" className="card h-fit">
          <h2 id="public-heading" className="text-lg font-semibold text-gray-900">
            Your public pages
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li>
              <span className="block text-gray-700">Your page</span>
              <Link to={page} className="link break-all" data-testid="profile-page-link">
                {page}
              </Link>
            </li>
            <li>
              <span className="block text-gray-700">Your profile as others see it</span>
              <Link to={`/users/${user._id}`} className="link" data-testid="profile-public-link">
                View public profile
              </Link>
            </li>
          </ul>
        </aside>
      </div>
      <LinkCards
        links={[
          {
            to: '/edit-page',
            title: 'Edit your page',
            description: 'Branding, colours and font of your public page.',
          },
          { to: '/my-posts', title: 'My Posts', description: 'Everything you have published.' },
          {
            to: '/plan-selection',
            title: 'Your plan',
            description: 'See your plan or switch to another one.',
          },
        ]}
      />
    </div>
  );
}
