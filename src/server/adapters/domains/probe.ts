import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * How the sites module looks at a custom domain from the outside to see whether its owner controls
 * it. The real probe asks DNS and fetches over HTTP; tests inject their own (no network).
 */
export interface DomainProbe {
  /** The TXT records at `name`, each record's strings joined; [] when there are none. */
  txt(name: string): Promise<string[]>;
  /** The start of the text served at `url` (plain HTTP, no redirects to other hosts), or null. */
  httpText(url: string): Promise<string | null>;
}

const TIMEOUT_MS = 5000;
const MAX_BYTES = 1024;

const NO_RECORDS = new Set([
  'ENODATA',
  'ENOTFOUND',
  'ESERVFAIL',
  'EREFUSED',
  'ETIMEOUT',
  'ECONNREFUSED',
]);

/**
 * Addresses a domain must not resolve to before we fetch from it: a seller could otherwise point
 * their "domain" at this machine's or the private network's services (SSRF). Loopback, private,
 * link-local (cloud metadata), carrier-grade NAT, unique-local and unspecified ranges.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for an address on the public internet (the probe may fetch from it). */
export function isPublicAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

async function resolvesPublicly(host: string): Promise<boolean> {
  try {
    const addresses = await dns.lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}

export function createDomainProbe(): DomainProbe {
  return {
    async txt(name) {
      try {
        const records = await dns.resolveTxt(name);
        return records.map((parts) => parts.join(''));
      } catch (err) {
        if (NO_RECORDS.has((err as NodeJS.ErrnoException).code ?? '')) return [];
        throw err;
      }
    },
    async httpText(url) {
      try {
        if (!(await resolvesPublicly(new URL(url).hostname))) return null;
        const res = await fetch(url, {
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!res.ok || !res.body) return null;
        const reader = res.body.getReader();
        let text = '';
        const decoder = new TextDecoder();
        while (text.length < MAX_BYTES) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
        await reader.cancel().catch(() => {});
        return text.slice(0, MAX_BYTES);
      } catch {
        return null;
      }
    },
  };
}
