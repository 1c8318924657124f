import { useRef, useState, type PointerEvent } from 'react';

/** A drag under way: the row's key, and the position it would drop at. */
export interface RowDrag {
  key: string;
  over: number;
}

/** The position of the row under a point (rows carry `data-row-index`), if any. */
function rowIndexAt(x: number, y: number): number | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-row-index]');
  const index = el ? Number(el.dataset.rowIndex) : NaN;
  return Number.isInteger(index) ? index : null;
}

/**
 * Dragging rows by their handle with pointer events — mouse, pen and touch alike (HTML5
 * drag-and-drop does not start from a touch in most mobile browsers, where sellers edit their
 * page). The handle captures the pointer; the row under it is the drop position. The Move up /
 * Move down buttons are the same action without dragging (WCAG 2.5.7).
 */
export function useRowDrag(onDrop: (key: string, to: number) => void) {
  const [drag, setDrag] = useState<RowDrag | null>(null);
  // The handlers of one gesture read the drag as it is now, not as their render saw it.
  const current = useRef<RowDrag | null>(null);

  function update(next: RowDrag | null) {
    current.current = next;
    setDrag(next);
  }

  function handleProps(key: string, index: number) {
    return {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        update({ key, over: index });
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const now = current.current;
        if (now?.key !== key) return;
        const over = rowIndexAt(event.clientX, event.clientY);
        if (over !== null && over !== now.over) update({ key, over });
      },
      onPointerUp(event: PointerEvent<HTMLElement>) {
        const now = current.current;
        if (now?.key !== key) return;
        const over = rowIndexAt(event.clientX, event.clientY) ?? now.over;
        update(null);
        if (over !== index) onDrop(key, over);
      },
      onPointerCancel() {
        update(null);
      },
    };
  }

  return { drag, handleProps };
}
