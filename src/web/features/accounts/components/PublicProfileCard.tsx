import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isHttpUrl } from '../../../../shared/contracts/account-rules';
import type { PublicProfile } from '../../../../shared/contracts/accounts';
import { tagPath } from '../../../lib/navigation';
import { pagePath } from '../page-url';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}

/** The host of a link for display ("example.com/shop"), or the link itself. */
function displayLink(link: string): string {
  try {
    const url = new URL(link);
    return (url.host + url.pathname).replace(/\/$/, '');
  } catch {
    return link;
  }
}

/**
 * A member's public profile (GET /users/:id). Everything the member wrote is rendered as text;
 * their link is marked as user content (rel="nofollow ugc noopener"). `children` (the page's
 * counts and actions: follow, like, block) go under the profile's text.
 */
export function PublicProfileCard({
  user,
  children,
}: {
  user: PublicProfile;
  children?: ReactNode;
}) {
  const src = user.image?.fullsize ?? user.image?.thumbnail ?? null;
  const page = pagePath(user.username);
  return (
    <article className="card mx-auto max-w-2xl" data-testid="public-profile">
      <div className="flex flex-col items-center gap-4 text-center md:flex-row md:items-start md:text-left">
        <div className="size-28 shrink-0 overflow-hidden rounded-full border border-gray-200 bg-indigo-100">
          {src ? (
            <img
              src={src}
              alt={`${user.name}'s profile photo`}
              className="size-full object-cover"
              data-testid="public-profile-avatar"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-full items-center justify-center text-3xl font-semibold text-indigo-800"
            >
              {initials(user.name)}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h1
            className="text-3xl font-bold tracking-tight break-words text-gray-950"
            data-testid="public-profile-name"
          >
            <bdi>{user.name}</bdi>
          </h1>
          <p className="text-gray-700">@{user.username}</p>
          {user.bio ? (
            <p
              className="mt-4 whitespace-pre-line break-words text-gray-900"
              data-testid="public-profile-bio"
            >
              {user.bio}
            </p>
          ) : null}
          {user.link && isHttpUrl(user.link) ? (
            <p className="mt-3">
              <a
                href={user.link}
                rel="nofollow ugc noopener noreferrer"
                target="_blank"
                className="link break-all"
                data-testid="public-profile-link"
              >
                {displayLink(user.link)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          {user._tags.length > 0 ? (
            <ul
              className="mt-4 flex flex-wrap justify-center gap-2 md:justify-start"
              aria-label="Interests"
            >
              {user._tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={tagPath(tag)}
                    className="inline-block rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900 hover:bg-indigo-100"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {children}
          <Link
            to={page}
            className="btn btn-primary mt-6 whitespace-normal text-center"
            data-testid="public-profile-page"
          >
            Visit <bdi>{user.name}</bdi>'s page
          </Link>
        </div>
      </div>
    </article>
  );
}
