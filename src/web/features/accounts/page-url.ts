import { normalizeUsername } from '../../../shared/contracts/account-rules';

/** "https://shop.example/ann": where a username's page lives, for the live hint while typing. */
export function pageUrlHint(appUrl: string, username: string): string {
  const name = normalizeUsername(username) || 'your-username';
  return `${appUrl.replace(/\/+$/, '')}/${name}`;
}

/** The public page path of a user: /{username}. */
export function pagePath(username: string): string {
  return `/${encodeURIComponent(username)}`;
}
