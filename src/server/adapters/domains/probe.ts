import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address';

export { isPublicAddress } from './public-address';

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

/** Every address a host name resolves to (dns.lookup, as a connection would resolve it). */
export type ResolveAddresses = (host: string) => Promise<LookupAddress[]>;

export interface DomainProbeOptions {
  /** Default: the system resolver (dns.lookup, every address). */
  resolve?: ResolveAddresses;
  /**
   * Whether the probe may connect to an address. Default: public internet only (isPublicAddress);
   * tests that serve from loopback widen it — never the app.
   */
  mayConnect?: (address: string) => boolean;
  /** Default: the system's DNS servers (dns.resolveTxt). */
  resolveTxt?: (name: string) => Promise<string[][]>;
}

const TIMEOUT_MS = 5000;
const MAX_BYTES = 1024;

/**
 * The answers that say there is no such record: the name or the record does not exist. Every other
 * failure (a timeout, a refused or failing server) means DNS could not be asked, and the lookup
 * throws: the proof is then "unreachable", never "missing", so an outage of ours or a resolver's
 * neither starts a domain's grace period nor ends it (docs/decisions/049).
 */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

const systemResolve: ResolveAddresses = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * A socket `lookup` that answers with the one address already checked: the connection never asks
 * DNS again, so a name that resolves to a public address for the check and to a private one a
 * moment later (DNS rebinding) still reaches only the address that was checked.
 */
function pinnedLookup(checked: LookupAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
}

/**
 * GET `url` from exactly `address` (the Host header and TLS server name stay the URL's): the
 * status and the first MAX_BYTES of the body, or null when it is no 2xx answer. No redirects.
 */
function getFrom(url: URL, address: LookupAddress): Promise<string | null> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: pinnedLookup(address), timeout: TIMEOUT_MS, agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.destroy();
          return resolve(null);
        }
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= MAX_BYTES) {
            response.destroy();
            resolve(text.slice(0, MAX_BYTES));
          }
        });
        response.on('end', () => resolve(text.slice(0, MAX_BYTES)));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the domain took too long to answer')));
    request.on('error', reject);
  });
}

export function createDomainProbe(options: DomainProbeOptions = {}): DomainProbe {
  const resolveAddresses = options.resolve ?? systemResolve;
  const mayConnect = options.mayConnect ?? isPublicAddress;
  const resolveTxt = options.resolveTxt ?? ((name: string) => dns.resolveTxt(name));
  return {
    async txt(name) {
      try {
        const records = await resolveTxt(name);
        return records.map((parts) => parts.join(''));
      } catch (err) {
        if (NO_RECORDS.has((err as NodeJS.ErrnoException).code ?? '')) return [];
        throw err;
      }
    },
    async httpText(url) {
      try {
        const target = new URL(url);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
        // An IP literal's brackets are not part of the address.
        const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
        const addresses = await resolveAddresses(host);
        // One private address among public ones refuses the name: which one a connection would
        // use is not ours to choose, and a seller may point one of them anywhere.
        if (addresses.length === 0 || !addresses.every((a) => mayConnect(a.address))) return null;
        return await getFrom(target, addresses[0]!);
      } catch {
        return null;
      }
    },
  };
}
