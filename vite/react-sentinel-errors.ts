import type { Plugin } from 'vite';

/** React DOM's client build for the browser (its production CommonJS file). */
const REACT_DOM_CLIENT = /\/react-dom\/cjs\/react-dom-client\.production\.js$/;

/**
 * The sentinel exceptions React DOM creates when its module runs (`SuspenseException`,
 * `HydrationMismatchException`, …): module-scope values React throws and recognises by identity,
 * never shown to anyone as they are.
 */
const SENTINEL = /\b([A-Z]\w*Exception) = Error\(formatProdErrorMessage\((\d+)\)\)/g;

/**
 * The same sentinels as objects that inherit from `Error.prototype` (`instanceof Error`, the same
 * `name` and `message`) without being built by `Error()`, so no stack trace is captured for them.
 * Returns the source unchanged when there is none (another file, another React version).
 */
export function sentinelsWithoutStacks(code: string): { code: string; replaced: string[] } {
  const replaced: string[] = [];
  const rewritten = code.replace(SENTINEL, (_match, name: string, number: string) => {
    replaced.push(name);
    return `${name} = Object.create(Error.prototype, { message: { value: formatProdErrorMessage(${number}), writable: !0, configurable: !0 } })`;
  });
  return { code: rewritten, replaced };
}

/**
 * React DOM's load-time errors without a stack trace (docs/decisions/086).
 *
 * When a DevTools protocol client has enabled the Runtime domain — Lighthouse, Playwright, an open
 * DevTools — V8 records a detailed stack trace for every `Error()` built, and a stack trace needs
 * the source positions of every function on the stack, which V8 computes lazily by parsing the
 * function again. React DOM builds five errors while its module runs, inside the CommonJS wrapper
 * that spans all of React DOM, itself inside the `vendor` chunk's module body: the first one made
 * V8 re-parse ~190 KB, 12–30 ms on a fast machine and four times that in Lighthouse's simulated
 * phone, the longest task of a seller's page (2–3 ms without it). Built without `Error()`, they
 * cost nothing. Only the browser build is changed; the build fails if React DOM stops creating them
 * this way, so the workaround is revisited rather than silently lost.
 */
export function reactSentinelErrors(): Plugin {
  return {
    name: 'storefront:react-sentinel-errors',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      // The file itself, not the CommonJS plugin's proxies of it (`…?commonjs-exports`).
      if (!REACT_DOM_CLIENT.test(id)) return null;
      const result = sentinelsWithoutStacks(code);
      if (result.replaced.length === 0)
        this.error(
          'React DOM no longer creates its sentinel errors as `X = Error(formatProdErrorMessage(n))`: ' +
            'review vite/react-sentinel-errors.ts (docs/decisions/086).',
        );
      return { code: result.code, map: null };
    },
  };
}
