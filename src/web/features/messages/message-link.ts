// What the "Message" buttons (components/MessageLink.tsx, issue 24) lead to: the composer's
// `?about=` prefills the message's first line with the address of the page it is about, which
// the message then shows as a link (MessageText): the messages contract needs no new field.

/** The longest `about` path accepted (a post or sale address is far shorter). */
export const ABOUT_MAX = 300;

/**
 * `?about=` as the composer takes it: a path of this site (`/maya/123`, `/sales/…`), else null —
 * never another site's address (`//evil.test`, `https://…`), nor spaces or control characters.
 */
export function aboutPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > ABOUT_MAX) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw)) return null;
  return raw;
}

/** The site's base address without a trailing slash. */
const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** The composer's first line for a message about `path` (a page of this site). */
export const aboutLine = (appUrl: string, path: string): string =>
  `About ${base(appUrl)}${path}\n\n`;

/** A piece of a message's text: plain text, or a link to a page of this site. */
export type TextPart = { text: string; path?: undefined } | { text: string; path: string };

/**
 * A message's text cut into plain text and this site's own addresses (`https://site/maya/1`),
 * which the message shows as links to that page; other addresses stay text.
 */
export function linkParts(text: string, appUrl: string): TextPart[] {
  const site = base(appUrl);
  if (!site) return [{ text }];
  const escaped = site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The address alone, or with a path: never the start of another host (`…:30001`).
  const pattern = new RegExp(`${escaped}(?:/[^\\s<>"']*|(?=[.,;:!?)]*(?:\\s|$)))`, 'g');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    // A sentence's closing punctuation is not part of the address.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, path: url.slice(site.length) || '/' });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The header's Messages link's name: "Messages, 2 unread" says what its badge shows. */
export const messagesLabel = (unread: number): string =>
  unread > 0 ? `Messages, ${unread} unread` : 'Messages';
