/**
 * In-process wake-up for job workers, so a job enqueued by this process runs at once instead of at
 * the next poll. It is only a hint: workers in other processes (and any signal lost here) are
 * covered by polling. Kept free of imports so core/transaction.ts can use it without a cycle.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
let scheduled = false;

/** Wakes the started workers of this process; many calls in one tick wake them once. */
export function signalJobsEnqueued(): void {
  // Deferred so a burst of enqueues (or the commit that published them) finishes first, and so the
  // caller never runs worker code on its own stack.
  if (scheduled || listeners.size === 0) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // A listener only schedules work; one that throws must not starve the others.
      }
    }
  }).unref();
}

/** Subscribes a worker; returns the unsubscribe function. */
export function onJobsEnqueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
