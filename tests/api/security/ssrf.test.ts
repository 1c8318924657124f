import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDomainProbe,
  isPublicAddress,
  type ResolveAddresses,
} from '../../../src/server/adapters/domains/probe';

/**
 * The custom-domain probe (issue 23, "SSRF window"): it connects to exactly the address it checked
 * — no second DNS lookup a rebinding name could answer differently — and refuses every
 * special-purpose range, IPv4 and IPv6. Served from loopback servers of the test's own; DNS is a
 * resolver the test scripts.
 */

/** Each special-purpose range: its first and last address (and for IPv6 one inside). */
const REFUSED: Record<string, string[]> = {
  '0.0.0.0/8': ['0.0.0.0', '0.255.255.255'],
  '10.0.0.0/8': ['10.0.0.0', '10.255.255.255'],
  '100.64.0.0/10': ['100.64.0.0', '100.127.255.255'],
  '127.0.0.0/8': ['127.0.0.1', '127.255.255.255'],
  '169.254.0.0/16': ['169.254.0.0', '169.254.169.254'],
  '172.16.0.0/12': ['172.16.0.0', '172.31.255.255'],
  '192.0.0.0/24': ['192.0.0.0', '192.0.0.255'],
  '192.0.2.0/24': ['192.0.2.0', '192.0.2.255'],
  '192.168.0.0/16': ['192.168.0.0', '192.168.255.255'],
  '198.18.0.0/15': ['198.18.0.0', '198.19.255.255'],
  '198.51.100.0/24': ['198.51.100.0', '198.51.100.255'],
  '203.0.113.0/24': ['203.0.113.0', '203.0.113.255'],
  '224.0.0.0/4': ['224.0.0.0', '239.255.255.255'],
  '240.0.0.0/4': ['240.0.0.0', '255.255.255.254'],
  '255.255.255.255': ['255.255.255.255'],
  '::': ['::'],
  '::1': ['::1'],
  '::ffff:0:0/96 (a private IPv4)': ['::ffff:127.0.0.1', '::ffff:a00:1', '0:0:0:0:0:ffff:c0a8:101'],
  '64:ff9b::/96': ['64:ff9b::', '64:ff9b::8.8.8.8', '64:ff9b::ffff:ffff'],
  '100::/64': ['100::', '100::ffff:ffff:ffff:ffff'],
  '2001::/23': ['2001::', '2001:0:4136:e378::1', '2001:1ff:ffff::1'],
  '2001:db8::/32': ['2001:db8::', '2001:db8:ffff:ffff::1'],
  'fc00::/7': ['fc00::', 'fd12:3456::1', 'fdff:ffff::1'],
  'fe80::/10': ['fe80::', 'fe80::1', 'febf:ffff::1'],
  'ff00::/8': ['ff00::', 'ff02::1', 'ffff:ffff::1'],
};

/** Neighbours just outside the ranges: on the public internet. */
const PUBLIC = [
  '1.1.1.1',
  '11.0.0.1',
  '100.128.0.0',
  '172.32.0.0',
  '192.0.3.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '::ffff:1.1.1.1',
  '2001:200::1',
  '2001:4860:4860::8888',
  '2606:4700:4700::1111',
];

describe('the addresses the domain probe may connect to', () => {
  for (const [range, addresses] of Object.entries(REFUSED)) {
    it(`refuses ${range}`, () => {
      for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
    });
  }

  it('allows the public addresses next to them', () => {
    for (const address of PUBLIC) expect(isPublicAddress(address), address).toBe(true);
  });
});

/** A loopback HTTP server answering `text`, and the Host headers it was asked with. */
async function serve(host: string, text: string, port = 0) {
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, hosts, port: (server.address() as AddressInfo).port };
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 });

describe('the domain probe', () => {
  let checked: Awaited<ReturnType<typeof serve>>;
  let rebound: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    checked = await serve('127.0.0.1', 'token-from-the-checked-address');
    // The same port on another loopback address: where a rebinding name would point next.
    rebound = await serve('127.0.0.2', 'token-from-the-rebound-address', checked.port);
  });
  afterAll(() => {
    checked?.server.close();
    rebound?.server.close();
  });

  /** A probe whose DNS is `answers` (one per lookup, the last repeated), loopback allowed as the test's "public" address. */
  function probeWith(answers: LookupAddress[][]) {
    const lookups: string[] = [];
    const resolve: ResolveAddresses = async (host) => {
      lookups.push(host);
      return answers[Math.min(lookups.length, answers.length) - 1]!;
    };
    const probe = createDomainProbe({ resolve, mayConnect: (a) => a === '127.0.0.1' });
    return { probe, lookups };
  }

  it('connects to the address it checked, with the domain as Host, and looks the name up once', async () => {
    // The first answer passes the check; a second lookup (fetch's own) would get the other address.
    const { probe, lookups } = probeWith([[v4('127.0.0.1')], [v4('127.0.0.2')]]);
    const url = `http://shop.example:${checked.port}/.well-known/storefront.txt`;
    expect(await probe.httpText(url)).toBe('token-from-the-checked-address');
    expect(lookups).toEqual(['shop.example']);
    expect(checked.hosts.at(-1)).toBe(`shop.example:${checked.port}`);
    expect(rebound.hosts).toEqual([]);
  });

  it('refuses a name that resolves to two addresses when one of them is private', async () => {
    const before = checked.hosts.length;
    for (const answer of [
      [v4('127.0.0.1'), v4('10.0.0.7')],
      [v4('10.0.0.7'), v4('127.0.0.1')],
      [v4('127.0.0.1'), { address: 'fd00::7', family: 6 }],
    ]) {
      const { probe } = probeWith([answer]);
      expect(await probe.httpText(`http://shop.example:${checked.port}/x`)).toBeNull();
    }
    expect(checked.hosts.length).toBe(before);
  });

  it('never connects to loopback with the default rules, even when a server answers there', async () => {
    const before = checked.hosts.length;
    const probe = createDomainProbe({ resolve: async () => [v4('127.0.0.1')] });
    expect(await probe.httpText(`http://shop.example:${checked.port}/x`)).toBeNull();
    expect(checked.hosts.length).toBe(before);
  });

  it('answers null for a name that resolves to nothing', async () => {
    const { probe } = probeWith([[]]);
    expect(await probe.httpText(`http://shop.example:${checked.port}/x`)).toBeNull();
  });
});
