import { useEffect, useState } from 'react';
import { IDLE_PREFETCH_MS } from '../../shared/constants';

/** The parts of the Network Information API we read (navigator.connection). */
export interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_TYPES = new Set(['slow-2g', '2g']);

/** SPEC §9: prefetching is skipped on data-saver and 2g connections. Unknown → prefetch. */
export function shouldPrefetch(connection: ConnectionLike | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !(connection.effectiveType && SLOW_TYPES.has(connection.effectiveType));
}

function currentConnection(): ConnectionLike | undefined {
  return (navigator as Navigator & { connection?: ConnectionLike }).connection;
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Becomes true once the page has been idle for `delayMs` (SPEC §9: 2 s) and the connection allows
 * prefetching. Waits `delayMs`, then for the browser's next idle period (setTimeout fallback).
 */
export function useIdlePrefetch(delayMs: number = IDLE_PREFETCH_MS): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!shouldPrefetch(currentConnection())) return;
    const w = window as IdleWindow;
    let idleId: number | undefined;
    const timer = window.setTimeout(() => {
      if (w.requestIdleCallback)
        idleId = w.requestIdleCallback(() => setReady(true), { timeout: delayMs });
      else setReady(true);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    };
  }, [delayMs]);
  return ready;
}
