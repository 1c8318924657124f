import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns EBADENGINE for an installed package whose `engines.node` excludes the Node the
 * project runs on. The floor is package.json's own `engines.node` (Node 20.19, DESIGN §2): every
 * package the lock file installs must accept it. Optional packages for other platforms are skipped
 * by npm when they do not fit, so they are left out here too (docs/decisions/037).
 */
const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: unknown }>;
};

describe('engines', () => {
  it('every installed package accepts the oldest Node the project supports', () => {
    const floor = semver.minVersion(manifest.engines.node)!.version;
    expect(floor).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .filter(([name, pkg]) => name !== '' && !pkg.optional)
      .flatMap(([name, pkg]) => {
        const range = (pkg.engines as { node?: unknown } | undefined)?.node;
        if (typeof range !== 'string') return [];
        return semver.satisfies(floor, range) ? [] : [`${name}@${pkg.version} wants node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});
