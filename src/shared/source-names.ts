import type { LinkIcon } from './site-links';

// What the insights page and the links editor say about sources (visit-source.ts decides them);
// kept apart so pages that only name sources do not load the in-app browser detection.

/** The `src` each platform's bio link carries (`/maya?src=ig`): short, as sellers write them. */
export const BIO_LINK_SOURCES: Partial<Record<LinkIcon, string>> = {
  instagram: 'ig',
  tiktok: 'tt',
  youtube: 'yt',
  x: 'x',
  facebook: 'fb',
  threads: 'threads',
  pinterest: 'pin',
  spotify: 'spotify',
  soundcloud: 'soundcloud',
  twitch: 'twitch',
  etsy: 'etsy',
  depop: 'depop',
};

/** How a source is named to the seller: the platforms' and the bio links' names, else as written. */
const SOURCE_NAMES: Record<string, string> = {
  direct: 'Direct',
  ig: 'Instagram bio link',
  tt: 'TikTok bio link',
  yt: 'YouTube bio link',
  fb: 'Facebook bio link',
  pin: 'Pinterest bio link',
  instagram: 'Instagram',
  facebook: 'Facebook',
  'facebook-messenger': 'Messenger',
  messenger: 'Messenger',
  tiktok: 'TikTok',
  x: 'X',
  youtube: 'YouTube',
  threads: 'Threads',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  twitch: 'Twitch',
  etsy: 'Etsy',
  depop: 'Depop',
};

export function sourceLabel(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}
