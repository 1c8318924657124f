import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MODAL_WIDTH_PX } from '../../../../shared/constants';
import { requestMainFocusAfterNavigation, restoreFocus } from '../../../lib/focus';
import {
  closeModal,
  failModal,
  navigationForAction,
  takeModalOpener,
  useModalStore,
  type ModalEntry,
} from './modal-store';

const DEFAULT_TITLES = {
  confirm: 'Please confirm',
  notify: 'Notice',
  wait: 'Please wait',
} as const;

/**
 * Renders the modal at the head of the queue. Mounted once, in the root route. When the last
 * queued modal closes, focus goes back to what had it when the first one opened (the button that
 * asked), or to the main heading when that is gone (WCAG 2.4.3).
 */
export function ModalHost() {
  const current = useModalStore((s) => s.queue[0]);

  function onClosed() {
    if (useModalStore.getState().queue.length > 0) return; // the next modal takes focus
    restoreFocus(takeModalOpener());
  }

  if (!current) return null;
  // A new key per modal re-runs Radix's focus handling for each one.
  return <ModalWindow key={current.id} entry={current} onClosed={onClosed} />;
}

function ModalWindow({ entry, onClosed }: { entry: ModalEntry; onClosed: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState('');
  const dismissable = entry.type !== 'wait' && !busy;

  async function okay() {
    setBusy(true);
    try {
      await entry.onOkay?.();
      if (entry.action?.kind === 'run') await entry.action.run();
      const to = navigationForAction(entry.action, location.pathname + location.search);
      // The opener goes with the page it was on: focus the next page's heading instead.
      if (to) requestMainFocusAfterNavigation();
      closeModal(entry.id, true);
      if (to) await navigate(to);
    } catch (error) {
      failModal(entry.id, error);
    }
  }

  function follow(to: string) {
    requestMainFocusAfterNavigation();
    closeModal(entry.id, true);
    void navigate(to);
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Link copied.');
    } catch {
      setCopied(`Copy this link: ${text}`);
    }
  }

  const title = entry.title ?? DEFAULT_TITLES[entry.type];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && dismissable && closeModal(entry.id, false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50" />
        <Dialog.Content
          role={entry.type === 'confirm' ? 'alertdialog' : 'dialog'}
          data-testid="modal"
          data-modal-type={entry.type}
          aria-busy={entry.type === 'wait' || busy ? true : undefined}
          onEscapeKeyDown={(e) => !dismissable && e.preventDefault()}
          onPointerDownOutside={(e) => !dismissable && e.preventDefault()}
          onInteractOutside={(e) => !dismissable && e.preventDefault()}
          // Radix would return focus to a Dialog.Trigger; these modals are opened from code.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          style={{ maxWidth: `min(${MODAL_WIDTH_PX}px, calc(100vw - 2rem))` }}
          className="fixed left-1/2 top-1/2 z-50 w-full -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-gray-900 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className={entry.title ? 'text-lg font-semibold' : 'sr-only'}>
            {title}
          </Dialog.Title>
          {entry.type === 'wait' ? (
            <div className="flex items-center gap-3" role="status">
              <span className="spinner" aria-hidden="true" />
              <Dialog.Description className="text-base">{entry.message}</Dialog.Description>
            </div>
          ) : (
            <>
              <Dialog.Description className="mt-1 text-base whitespace-pre-line">
                {entry.message}
              </Dialog.Description>
              {entry.extras?.length ? (
                <p
                  role="status"
                  className="mt-2 text-sm text-gray-700 break-all"
                  data-testid="modal-status"
                >
                  {copied}
                </p>
              ) : null}
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                {entry.extras?.map((extra) =>
                  extra.kind === 'link' ? (
                    <a
                      key={extra.label}
                      href={extra.to}
                      className="btn btn-secondary"
                      onClick={(e) => {
                        e.preventDefault();
                        follow(extra.to);
                      }}
                    >
                      {extra.label}
                    </a>
                  ) : (
                    <button
                      key={extra.label}
                      type="button"
                      className="btn btn-secondary"
                      disabled={busy}
                      onClick={() => void copy(extra.text)}
                    >
                      {extra.label}
                    </button>
                  ),
                )}
                {entry.type === 'confirm' && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    data-testid="modal-nope"
                    disabled={busy}
                    onClick={() => closeModal(entry.id, false)}
                  >
                    Nope
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-primary"
                  data-testid="modal-okay"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => void okay()}
                >
                  Okay
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
