import { useCallback, useRef, useState } from 'react';
import { withLoading } from '../loading';

/**
 * A form's pending state: `run(task)` shows the loading overlay (≥ 200 ms, SPEC §9) while the task
 * runs, reports `pending` (to disable the submit button) and ignores a second submit meanwhile.
 */
export function usePending() {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const run = useCallback(async (task: () => Promise<void>): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await withLoading(task);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);
  return [pending, run] as const;
}
