import { describe, expect, it } from 'vitest';
import { networkOf, visitorHash } from './visitor-hash';

describe('the visitor hash', () => {
  it('keeps only the network: IPv4 /24, IPv6 /48, mapped IPv4 as IPv4', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:0db8:abcd');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000');
    expect(networkOf('::1')).toBe('0000:0000:0000');
    expect(networkOf('not an address')).toBe('');
  });

  it('is the same for one network and browser, different for another salt, seller, network or browser', () => {
    const visit = { sellerId: 's1', address: '198.51.100.7', userAgent: 'UA' };
    const h = visitorHash('salt-a', visit);
    expect(h).toMatch(/^[\w-]{22}$/);
    expect(visitorHash('salt-a', { ...visit, address: '198.51.100.250' })).toBe(h);
    expect(visitorHash('salt-b', visit)).not.toBe(h);
    expect(visitorHash('salt-a', { ...visit, sellerId: 's2' })).not.toBe(h);
    expect(visitorHash('salt-a', { ...visit, address: '198.51.101.7' })).not.toBe(h);
    expect(visitorHash('salt-a', { ...visit, userAgent: 'UA2' })).not.toBe(h);
  });
});
