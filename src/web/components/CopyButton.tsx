import { useEffect, useState } from 'react';

/**
 * Copies `text` to the clipboard; says 'Copied' for a moment after. Where the clipboard is not
 * available (an insecure origin, a refused permission) it says so, and the text stays selectable.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="ml-2 inline-flex items-center gap-2 align-middle">
      <button
        type="button"
        className="min-h-6 min-w-6 rounded-md border border-gray-300 bg-white px-2 py-1 text-xs font-semibold text-gray-900 hover:bg-gray-100"
        aria-label={label}
        onClick={() => void copy()}
      >
        Copy
      </button>
      <span role="status" className="text-xs text-gray-700">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy it by hand' : ''}
      </span>
    </span>
  );
}
