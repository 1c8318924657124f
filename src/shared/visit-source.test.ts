import { describe, expect, it } from 'vitest';
import { campaignName, referrerSource, visitSource } from './visit-source';

const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,2; iOS 17_5; en_US; en; scale=3.00; 1179x2556; 604461431)';
const TIKTOK =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 trill_330904 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/33.9.4 ByteLocale/en ByteFullLocale/en Region/US BytedanceWebview/d8a21c6';
const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const own = ['shop.example'];

describe('visitSource', () => {
  it('takes ?src= first, then utm_source, lower-cased, cut to 40 characters of a-z 0-9 . _ -', () => {
    expect(visitSource({ search: '?src=IG&utm_source=mail', userAgent: INSTAGRAM, referrer: 'https://t.co/x', ownHosts: own })).toBe('ig');
    expect(visitSource({ search: '?utm_source=Spring Newsletter', userAgent: CHROME, referrer: '', ownHosts: own })).toBe('spring-newsletter');
    expect(campaignName('x'.repeat(60))).toHaveLength(40);
    expect(campaignName('  <script>  ')).toBe('script');
    expect(campaignName('!!!')).toBeNull();
  });

  it('then the in-app browser, then the referrer’s platform, else direct', () => {
    expect(visitSource({ search: '', userAgent: INSTAGRAM, referrer: 'https://t.co/x', ownHosts: own })).toBe('instagram');
    expect(visitSource({ search: '', userAgent: TIKTOK, referrer: '', ownHosts: own })).toBe('tiktok');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://t.co/x', ownHosts: own })).toBe('x');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://l.instagram.com/?u=x', ownHosts: own })).toBe('instagram');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://lm.facebook.com/l.php', ownHosts: own })).toBe('facebook');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://www.google.de/', ownHosts: own })).toBe('google');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://www.some-blog.net/post', ownHosts: own })).toBe('some-blog.net');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: '', ownHosts: own })).toBe('direct');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'not a url', ownHosts: own })).toBe('direct');
  });

  it('reads a campaign from the seller’s own page the visitor came from, and is no source itself', () => {
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://shop.example/maya?src=tt', ownHosts: own })).toBe('tt');
    expect(visitSource({ search: '', userAgent: CHROME, referrer: 'https://shop.example/maya', ownHosts: ['shop.example:443'] })).toBe('direct');
  });

  it('maps referrer hosts and their sub-domains, not look-alikes', () => {
    expect(referrerSource('m.youtube.com')).toBe('youtube');
    expect(referrerSource('out.reddit.com')).toBe('reddit');
    expect(referrerSource('notinstagram.com')).toBe('notinstagram.com');
  });
});
