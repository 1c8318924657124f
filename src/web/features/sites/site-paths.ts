import { isHttpUrl } from '../../../shared/contracts/account-rules';

// Kept in lib, where every feature may reach it (the post editor links to the post it saved).
export { sitePath } from '../../lib/site-path';

/**
 * The owner's link when it is an http(s) URL (anything else — `javascript:`, `data:`, text — is not
 * shown as a link), with the text to show for it: host and path, without `www.` or a final slash.
 */
export function ownerLink(link: string | null | undefined): { href: string; text: string } | null {
  const value = (link ?? '').trim();
  if (!value || !isHttpUrl(value)) return null;
  const url = new URL(value);
  const path = `${url.pathname}${url.search}`.replace(/\/$/, '');
  return { href: url.href, text: `${url.host.replace(/^www\./, '')}${path}` };
}
