import { lazy, Suspense } from 'react';
import { useModalStore } from './modal-store';

// The dialog (Radix Dialog, focus trap, scroll lock: ~15 KB compressed) is needed only once a
// modal is opened: it is loaded then, not with every page (docs/decisions/011). Modals open in
// answer to something the user did, so the first one waits for this chunk; later ones do not.
const ModalHostImpl = lazy(() => import('./ModalHost').then((m) => ({ default: m.ModalHost })));

/** The root's modal host: renders nothing, and loads nothing, until a modal is queued. */
export function LazyModalHost() {
  const hasModal = useModalStore((s) => s.queue.length > 0);
  if (!hasModal) return null;
  return (
    <Suspense fallback={null}>
      <ModalHostImpl />
    </Suspense>
  );
}
