import { describe, expect, it } from 'vitest';
import { detectInAppBrowser } from './in-app-browser';

// Real user agents, as the apps and browsers send them.
const UA = {
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.34.89 (iPhone15,2; iOS 17_4; en_US; en-US; scale=3.00; 1179x2556; 604372271)',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 604372271)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/462.0.0.45.82;FBBV/1;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/462.0.0.45.82;]',
  messengerIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0.0.37.109;FBBV/1;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4]',
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 trill_2023405050 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/34.5.5 ByteLocale/en BytedanceWebview/d8a21c6',
  snapchatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.80.0.35 (like Safari/8617.1.17.10.9, panda)',
  linkedinIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.7020',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
};

describe('detectInAppBrowser', () => {
  it('names the social apps and the phone they run on', () => {
    expect(detectInAppBrowser(UA.instagramIos)).toEqual({ app: 'Instagram', platform: 'ios' });
    expect(detectInAppBrowser(UA.instagramAndroid)).toEqual({
      app: 'Instagram',
      platform: 'android',
    });
    expect(detectInAppBrowser(UA.facebookIos)).toEqual({ app: 'Facebook', platform: 'ios' });
    expect(detectInAppBrowser(UA.facebookAndroid)).toEqual({
      app: 'Facebook',
      platform: 'android',
    });
    expect(detectInAppBrowser(UA.messengerIos)).toEqual({
      app: 'Facebook Messenger',
      platform: 'ios',
    });
    expect(detectInAppBrowser(UA.tiktokIos)).toEqual({ app: 'TikTok', platform: 'ios' });
    expect(detectInAppBrowser(UA.tiktokAndroid)).toEqual({ app: 'TikTok', platform: 'android' });
    expect(detectInAppBrowser(UA.snapchatIos)).toEqual({ app: 'Snapchat', platform: 'ios' });
    expect(detectInAppBrowser(UA.linkedinIos)).toEqual({ app: 'LinkedIn', platform: 'ios' });
  });

  it('leaves regular browsers alone (the notice never shows there)', () => {
    for (const ua of [
      UA.chromeAndroid,
      UA.chromeDesktop,
      UA.chromeIos,
      UA.safariIos,
      UA.safariMac,
      UA.firefox,
      UA.firefoxAndroid,
    ])
      expect(detectInAppBrowser(ua), ua).toBeNull();
    expect(detectInAppBrowser('')).toBeNull();
    expect(detectInAppBrowser(null)).toBeNull();
    expect(detectInAppBrowser(undefined)).toBeNull();
  });
});
