import { describe, expect, it } from 'vitest';
import { inAppBrowser } from './in-app-browser';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36';

describe('inAppBrowser', () => {
  it('recognises the social apps by their user agents', () => {
    expect(
      inAppBrowser(`${IPHONE} Instagram 330.0.0.34.89 (iPhone15,2; iOS 17_4; en_US; en)`),
    ).toBe('Instagram');
    expect(inAppBrowser(`${ANDROID} Instagram 330.0.0.40.92 Android (34/14; 420dpi; FBAV/1)`)).toBe(
      'Instagram',
    );
    expect(inAppBrowser(`${IPHONE} [FBAN/FBIOS;FBAV/462.0.0.45.82;FBBV/1;FBDV/iPhone15,2]`)).toBe(
      'Facebook',
    );
    expect(inAppBrowser(`${ANDROID} [FB_IAB/FB4A;FBAV/462.0.0.45.82;]`)).toBe('Facebook');
    expect(
      inAppBrowser(
        `${IPHONE} musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en`,
      ),
    ).toBe('TikTok');
    expect(inAppBrowser(`${ANDROID} trill_2023405050 BytedanceWebview/d8a21c6`)).toBe('TikTok');
    expect(inAppBrowser(`${IPHONE} Safari Line/14.3.0`)).toBe('LINE');
    expect(inAppBrowser(`${IPHONE} Snapchat/12.80.0.35 (iPhone15,2; iOS 17.4; gzip)`)).toBe(
      'Snapchat',
    );
  });

  it('leaves regular browsers (and look-alike words) alone', () => {
    expect(inAppBrowser(ANDROID)).toBeNull();
    expect(inAppBrowser(`${IPHONE} Version/17.4 Safari/604.1`)).toBeNull();
    expect(inAppBrowser(`${ANDROID} Online/2.0 Headline/1`)).toBeNull();
    expect(inAppBrowser('')).toBeNull();
    expect(inAppBrowser(undefined)).toBeNull();
  });
});
