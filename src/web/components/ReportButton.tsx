import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReportTarget } from '../../shared/contracts/social-rules';
import { MESSAGES } from '../../shared/messages';
import { modalActions, showNotify } from './ui/modal';

// The dialog (a form, Radix Dialog) loads on the first click, never with the page: this button
// sits on sellers' pages, which are at their JavaScript budget (tests/e2e/budget.spec.ts).
const loadDialog = () => import('./ReportDialog');
const ReportDialog = lazy(loadDialog);

export interface ReportButtonProps {
  targetType: ReportTarget;
  targetId: string;
  signedIn: boolean;
  /** The button's text ("Report", "Report this post"). */
  label?: string;
  className?: string;
  testId?: string;
}

/**
 * Reports a post, comment, message or member to the moderators with a reason (SPEC: anyone signed
 * in can report). Signed-out visitors get the log-in modal, as for likes.
 */
export function ReportButton({
  targetType,
  targetId,
  signedIn,
  label = 'Report',
  className = 'btn btn-ghost',
  testId = 'report-button',
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Without JavaScript the button could do nothing: it keeps its place, unseen, until it can.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <>
      <button
        type="button"
        className={`${className}${ready ? '' : ' invisible'}`}
        data-testid={testId}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog().catch(() => {})}
        onFocus={() => void loadDialog().catch(() => {})}
        onClick={() => {
          if (!signedIn) void showNotify(MESSAGES.loginRequired, modalActions.login);
          else setOpen(true);
        }}
      >
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
