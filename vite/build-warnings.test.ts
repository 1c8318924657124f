import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNoise } from './build-warnings';

const annotation = {
  code: 'INVALID_ANNOTATION',
  id: '/app/node_modules/zod/v4/core/util.js',
  message: 'A comment…',
};
const dynamicImport = {
  code: 'PLUGIN_WARNING',
  plugin: 'vite:reporter',
  message:
    '(!) /app/src/a.ts is dynamically imported by … dynamic import will not move module into another chunk.',
};

describe('which bundler warnings a build shows', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('leaves out what no one can act on', () => {
    vi.stubEnv('DEBUG', '');
    expect(isNoise(annotation, 'client')).toBe(true);
    expect(
      isNoise(
        { code: 'EMPTY_BUNDLE', message: 'Generated an empty chunk: "email-list-export".' },
        'client',
      ),
    ).toBe(true);
    expect(isNoise(dynamicImport, 'server')).toBe(true);
  });

  it('shows ours and anything else, and everything when DEBUG asks', () => {
    vi.stubEnv('DEBUG', '');
    expect(isNoise({ ...annotation, id: '/app/src/web/lib/api.ts' }, 'client')).toBe(false);
    expect(isNoise(dynamicImport, 'client')).toBe(false);
    expect(
      isNoise(
        { code: 'CIRCULAR_CHUNK', message: 'Circular chunk: vendor -> app -> vendor.' },
        'client',
      ),
    ).toBe(false);
    vi.stubEnv('DEBUG', '1');
    expect(isNoise(annotation, 'client')).toBe(false);
  });
});
