import { lazy } from 'react';

// The marketplace's shells for the places that show them only now and then: the root's and the
// sellers' layout's error pages, and the landing pages the sellers' layout dispatches. A seller's
// own page never shows them, so their code (header search, tag bar, footer) stays off its first
// load (vite/client-chunks.ts puts them in `shell`, which the marketplace's layouts load
// statically). No <Suspense>, as with the error page (LazyErrorPage.tsx): the server waits for
// them, and the browser keeps the server's HTML until they have arrived.

/** The default shell (./DefaultShell), loaded when first shown. */
export const LazyDefaultShell = lazy(() =>
  import('./DefaultShell').then((m) => ({ default: m.DefaultShell })),
);

/** The landing pages' shell (./LandingShell), loaded when first shown. */
export const LazyLandingShell = lazy(() =>
  import('./LandingShell').then((m) => ({ default: m.LandingShell })),
);
