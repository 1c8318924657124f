import { useCallback, useRef, useState } from 'react';
import { withLoading } from '../loading';

/**
 * A form's pending state: `run(task)` shows the loading overlay (≥ 200 ms, SPEC §9) while the task
 * runs (`run(false, task)`: without it), reports `pending` (to disable the submit button) and
 * ignores a second submit meanwhile.
 */
export function usePending() {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const run = useCallback(
    async (...args: [() => Promise<void>] | [boolean, () => Promise<void>]) => {
      const [overlay, task] = args.length === 2 ? args : [true, args[0]];
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      try {
        await (overlay ? withLoading(task) : task());
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [],
  );
  return [pending, run] as const;
}
