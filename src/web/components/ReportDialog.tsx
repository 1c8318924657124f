import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { moderationApi } from '../../shared/api/moderation';
import { REPORT_REASONS, REPORT_TARGET_NAMES } from '../../shared/contracts/moderation-rules';
import { SOCIAL_LIMITS, type ReportTarget } from '../../shared/contracts/social-rules';
import { MODAL_WIDTH_PX } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { api } from '../lib/api';
import { ApiError } from '../lib/api-client';
import { apiErrorMessage } from '../lib/errors';
import { DialogFormActions } from './DialogFormActions';
import { modalActions, showNotify } from './ui/modal';

const OTHER = 'Something else';

/**
 * The report form (loaded by ReportButton on first use): a reason from the list or in the
 * member's words, sent to POST /reports. Thanks on success; the server's message on refusal.
 */
export default function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTarget;
  targetId: string;
  onClose: () => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<string>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const thing = REPORT_TARGET_NAMES[targetType];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = details.trim();
    if (!choice) return setError('Choose what is wrong.');
    if (choice === OTHER && !text) return setError('Tell the moderators what is wrong.');
    const reason = (choice === OTHER ? text : text ? `${choice}: ${text}` : choice).slice(
      0,
      SOCIAL_LIMITS.reportReasonMax,
    );
    setBusy(true);
    setError('');
    try {
      await api.call(moderationApi.report, { body: { targetType, targetId, reason } });
      onClose();
      void showNotify(MESSAGES.reportThanks);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        onClose();
        void showNotify(MESSAGES.loginRequired, modalActions.login);
      } else setError(apiErrorMessage(err, MESSAGES.reportSendError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50" />
        <Dialog.Content
          data-testid="report-dialog"
          style={{ maxWidth: `min(${MODAL_WIDTH_PX}px, calc(100vw - 2rem))` }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-full -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 text-gray-900 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">Report this {thing}</Dialog.Title>
          <Dialog.Description className="mt-1 text-gray-800">
            Tell the moderators what is wrong. The {thing === 'member' ? 'member' : 'author'} will
            not see who reported it.
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
            <fieldset>
              <legend className="field-label">What is wrong?</legend>
              <div className="mt-1 space-y-1">
                {[...REPORT_REASONS, OTHER].map((reason, i) => (
                  <label key={reason} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      name={`${id}-reason`}
                      value={reason}
                      checked={choice === reason}
                      onChange={() => setChoice(reason)}
                      data-testid={`report-reason-${i}`}
                      className="size-5"
                    />
                    {reason}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor={`${id}-details`} className="field-label">
                Details {choice === OTHER ? '' : '(optional)'}
              </label>
              <textarea
                id={`${id}-details`}
                className="input"
                rows={3}
                maxLength={SOCIAL_LIMITS.reportReasonMax - 40}
                value={details}
                onChange={(e) => setDetails(e.currentTarget.value)}
                data-testid="report-details"
              />
            </div>
            <DialogFormActions
              busy={busy}
              error={error}
              errorTestId="report-error"
              submitLabel="Send report"
              submitTestId="report-submit"
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
