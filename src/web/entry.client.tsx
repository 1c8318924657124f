import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * React Router's default client entry, except that hydration starts once the browser has painted
 * the server-rendered page (docs/decisions/011). The HTML is complete and usable without
 * JavaScript; when the scripts are already there (cache, fast network) but the CPU is slow (a
 * phone), hydrating first would hold the first paint back by the whole hydration.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.visibilityState === 'hidden') {
  // Background tabs get no animation frames: nothing is painted there anyway.
  hydrate();
} else {
  // requestAnimationFrame runs just before the next paint; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(hydrate, 0));
}
