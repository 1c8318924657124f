import { promises as dns } from 'node:dns';

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

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'ESERVFAIL', 'EREFUSED', 'ETIMEOUT', 'ECONNREFUSED']);

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
        const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
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
