import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inAppOfRequest } from '../lib/in-app-request';
import { chromeIntentUrl, InAppNotice } from './InAppNotice';

const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 604372271)';
const TIKTOK_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The server's HTML of the notice for a page request with `userAgent`. */
function serverHtml(userAgent: string, url = 'https://market.example/login?redirectTo=%2Fsales') {
  const detected = inAppOfRequest(new Request(url, { headers: { 'user-agent': userAgent } }));
  return renderToString(<InAppNotice detected={detected} />);
}

describe('InAppNotice (decided on the server)', () => {
  it('gives Android an intent:// link that opens the same address in Chrome', () => {
    const html = serverHtml(INSTAGRAM_ANDROID);
    expect(html).toContain('You are in Instagram’s browser.');
    expect(html).toContain(
      'href="intent://market.example/login?redirectTo=%2Fsales#Intent;scheme=https;package=com.android.chrome;end"',
    );
    expect(html).toContain('Open in browser');
    expect(html).not.toContain('Copy link');
  });

  it('gives iOS a Copy link button and the app’s menu item', () => {
    const html = serverHtml(TIKTOK_IOS);
    expect(html).toContain('You are in TikTok’s browser.');
    expect(html).toContain('Copy link');
    expect(html).toContain('Tap ••• then “Open in browser”, or paste the link into Safari.');
    expect(html).not.toContain('intent://');
  });

  it('renders nothing in a regular browser', () => {
    expect(serverHtml(SAFARI_IOS)).toBe('');
    expect(serverHtml('')).toBe('');
  });

  it('renders nothing on the server when left to the browser (a cached page)', () => {
    expect(renderToString(<InAppNotice />)).toBe('');
  });
});

describe('chromeIntentUrl', () => {
  it('opens the same address, scheme kept, in Chrome', () => {
    expect(chromeIntentUrl('https://shop.example.com/maya/checkout?cart=a%20b#top')).toBe(
      'intent://shop.example.com/maya/checkout?cart=a%20b#Intent;scheme=https;package=com.android.chrome;end',
    );
    expect(chromeIntentUrl('http://localhost:4314/login')).toBe(
      'intent://localhost:4314/login#Intent;scheme=http;package=com.android.chrome;end',
    );
  });
});
