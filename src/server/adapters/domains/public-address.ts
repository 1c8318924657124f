import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the domain probe may connect to (docs/decisions/053): a seller could otherwise
 * point their "domain" at this machine, the private network or the cloud's metadata service
 * (SSRF). Every special-purpose range of IANA's registries is refused, not only the private ones:
 * "this network", carrier-grade NAT, benchmarking, documentation, multicast, reserved, broadcast.
 */
const SPECIAL_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  // The old 6to4 relay anycast: whatever answers there is not the domain's own server.
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['255.255.255.255', 32],
];

/**
 * IPv6 outside the global unicast block 2000::/3 is refused whole (unspecified, loopback,
 * IPv4-compatible, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, SRv6 5f00::/16,
 * unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8); inside it, these. IPv4-mapped
 * addresses (::ffff:0:0/96) are judged as the IPv4 address they carry.
 */
const SPECIAL_IPV6_UNICAST: ReadonlyArray<readonly [string, number]> = [
  // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT… (tunnels to anywhere).
  ['2001::', 23],
  ['2001:db8::', 32],
  // 6to4: carries an IPv4 address (a private one as well) that a relay would connect to.
  ['2002::', 16],
  ['3fff::', 20],
];

const refused = new BlockList();
for (const [net, prefix] of SPECIAL_IPV4) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of SPECIAL_IPV6_UNICAST) refused.addSubnet(net, prefix, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address carries (`::ffff:7f00:1` → `127.0.0.1`). */
function mappedIpv4(address: string): string | null {
  // The URL parser writes every spelling (`::ffff:127.0.0.1`, `0:0:0:0:0:ffff:…`) one way.
  const canonical = new URL(`http://[${address}]`).hostname;
  const match = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (!match) return null;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an address on the public internet (the probe may connect to it). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  // Not an address, or one with a zone (`fe80::1%eth0`): never public.
  if (family !== 6 || address.includes('%')) return false;
  if (ipv4Mapped.check(address, 'ipv6')) {
    const carried = mappedIpv4(address);
    return carried !== null && isPublicAddress(carried);
  }
  return globalUnicast.check(address, 'ipv6') && !refused.check(address, 'ipv6');
}
