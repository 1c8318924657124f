import type { Plugin } from 'vite';

/**
 * Chrome's explicit compile hint (V8's "magic comment", Chrome 136+): a script or module whose
 * first line is this comment has all its functions compiled as it streams in, on a background
 * thread, instead of each being compiled on the page's main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint on every chunk of the browser build (docs/decisions/084). A page loads a
 * chunk because it is about to run it: the shared chunks on every page (React DOM, React Router,
 * the app shell) hydrate it at once, a route's or a dialog's chunk is fetched when it is shown.
 * Left to V8's lazy compilation, a page load spent 100–200 ms of its main thread compiling
 * functions one by one (Chromium traces, `V8.CompileCode`); with the hint, 40–60 ms. Other
 * browsers read it as a comment. Added after minification (which drops comments) and Vite's own
 * additions, before the build's files are written and precompressed; the build writes no source
 * maps, so moving every line down by one misleads nothing.
 */
export function compileHints(): Plugin {
  return {
    name: 'storefront:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle: {
      // After Vite's own last touches (the preload map it writes at the top of a chunk).
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === 'chunk') file.code = `${COMPILE_HINT}\n${file.code}`;
      },
    },
  };
}
