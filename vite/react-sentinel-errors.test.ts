import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sentinelsWithoutStacks } from './react-sentinel-errors';

const require = createRequire(import.meta.url);
const reactDomClient = readFileSync(
  path.join(
    path.dirname(require.resolve('react-dom/package.json')),
    'cjs/react-dom-client.production.js',
  ),
  'utf8',
);

describe('React DOM sentinel errors without stack traces (docs/decisions/086)', () => {
  it('rewrites the five errors the installed React DOM builds when its module runs', () => {
    const { code, replaced } = sentinelsWithoutStacks(reactDomClient);
    expect(replaced.sort()).toEqual([
      'HydrationMismatchException',
      'SelectiveHydrationException',
      'SuspenseActionException',
      'SuspenseException',
      'SuspenseyCommitException',
    ]);
    expect(code).not.toMatch(/Exception = Error\(/);
    // Errors built when something goes wrong (a hydration mismatch's report) stay real errors.
    expect(code).toContain('var error = Error(');
  });

  it('keeps what React and anyone catching them relies on: identity, instanceof, message', () => {
    const formatProdErrorMessage = (n: number) => `Minified React error #${n}`;
    const { code } = sentinelsWithoutStacks(
      'var SuspenseException = Error(formatProdErrorMessage(460));',
    );
    const SuspenseException = new Function(
      'formatProdErrorMessage',
      `${code} return SuspenseException;`,
    )(formatProdErrorMessage) as Error;
    expect(SuspenseException).toBeInstanceOf(Error);
    expect(SuspenseException.name).toBe('Error');
    expect(SuspenseException.message).toBe('Minified React error #460');
    expect(String(SuspenseException)).toBe('Error: Minified React error #460');
    expect(SuspenseException.stack).toBeUndefined();
  });

  it('leaves other code alone', () => {
    const other = 'var thing = Error("boom"); function f() { return 1 }';
    expect(sentinelsWithoutStacks(other)).toEqual({ code: other, replaced: [] });
  });
});
