import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways in its own box; the box takes focus so a keyboard
 * can scroll it too (WCAG 2.1.1), and is named by the table's caption.
 */
export function ScrollTable({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelId}
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-gray-200 bg-white"
    >
      {children}
    </div>
  );
}
