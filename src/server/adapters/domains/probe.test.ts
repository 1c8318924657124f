import { describe, expect, it } from 'vitest';
import { createDomainProbe, isPublicAddress } from './probe';

describe('domain probe', () => {
  it('treats loopback, private, link-local and unique-local addresses as not public', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('never fetches from a host that resolves to this machine', async () => {
    // localhost resolves to loopback: refused before any connection is made.
    expect(await createDomainProbe().httpText('http://localhost:9/.well-known/x')).toBeNull();
  });

  it('tells "no such record" from "DNS could not be asked"', async () => {
    const failing = (code: string) =>
      createDomainProbe({
        resolveTxt: async () => {
          throw Object.assign(new Error(`queryTxt ${code} _storefront.shop.example`), { code });
        },
      });
    const answering = createDomainProbe({ resolveTxt: async () => [['storefront-verify=', 'abc']] });
    expect(await answering.txt('_storefront.shop.example')).toEqual(['storefront-verify=abc']);
    for (const code of ['ENODATA', 'ENOTFOUND'])
      expect(await failing(code).txt('_storefront.shop.example'), code).toEqual([]);
    // An outage (ours or the domain's servers'): the caller must not read it as a missing proof.
    for (const code of ['ETIMEOUT', 'ESERVFAIL', 'EREFUSED', 'ECONNREFUSED'])
      await expect(failing(code).txt('_storefront.shop.example'), code).rejects.toThrow(code);
  });
});
