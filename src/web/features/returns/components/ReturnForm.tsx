import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  RETURN_LIMITS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '../../../../shared/contracts/returns-rules';
import {
  FieldShell,
  SubmitButton,
  TextAreaField,
  checkOf,
  focusField,
  useSend,
} from '../../../components/ui/form';
import type { FieldErrors } from '../../../lib/form-errors';
import { openReturn } from '../api/returns-api';

const FIELDS = ['reason', 'message', 'photo'] as const;
const MAX = RETURN_LIMITS.messageMax;

interface Values {
  reason: ReturnReason | null;
  message: string;
  photos: File[];
}

/** The buyer asks for a refund on one seller's part: why, what happened, up to 4 photos. */
export function ReturnForm({ transactionId }: { transactionId: string }) {
  const navigate = useNavigate();
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const { errors, pending, recheck, send, failure } = useSend({
    fields: FIELDS,
    focus: (field) =>
      field === 'reason'
        ? document.querySelector<HTMLInputElement>('input[name="return-reason"]')?.focus()
        : focusField(field === 'message' ? 'return-message' : 'return-photo'),
  });

  function check(v: Values) {
    const found: FieldErrors = {};
    if (!v.reason) found.reason = 'Choose why you are asking for a refund.';
    if (!v.message.trim()) found.message = 'Tell the seller what happened.';
    else if (v.message.length > MAX)
      found.message = `Use at most ${MAX.toLocaleString('en-US')} characters in the message.`;
    if (v.photos.length > RETURN_LIMITS.photosMax)
      found.photo = `Add at most ${RETURN_LIMITS.photosMax} photos.`;
    return checkOf(found, {
      reason: v.reason ?? 'damaged',
      message: v.message.trim(),
      photos: v.photos,
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(
      { reason, message, photos },
      {
        check,
        call: (v) => openReturn({ transactionId, reason: v.reason, message: v.message }, v.photos),
        done: (r) => navigate(`/returns/${r._id}`),
        failure: 'Your request could not be sent. Please try again.',
        failureShown: 'inline',
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="card space-y-5" data-testid="return-form">
      <fieldset aria-describedby={errors.reason ? 'return-reason-error' : undefined}>
        <legend className="mb-2 font-semibold text-gray-900">
          Why are you asking for a refund?
        </legend>
        <div className="flex flex-col gap-2">
          {RETURN_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input
                type="radio"
                name="return-reason"
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  void recheck('reason', { reason: r, message, photos });
                }}
                data-testid={`return-reason-${r}`}
              />
              {RETURN_REASON_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id="return-reason-error" className="mt-1 text-sm text-red-800" role="alert">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        id="return-message"
        label="What happened?"
        hint={`The seller reads this. ${message.length.toLocaleString('en-US')} / ${MAX.toLocaleString('en-US')} characters.`}
        value={message}
        maxLength={MAX}
        onChange={(e) => {
          setMessage(e.target.value);
          void recheck('message', { reason, message: e.target.value, photos });
        }}
        error={errors.message || undefined}
        data-testid="return-message"
      />
      <FieldShell
        id="return-photo"
        label="Photos (optional)"
        hint={`Up to ${RETURN_LIMITS.photosMax} photos of the item or the parcel.`}
        error={errors.photo || undefined}
      >
        {(aria) => (
          <input
            id="return-photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            className="input"
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              setPhotos(files);
              void recheck('photo', { reason, message, photos: files });
            }}
            data-testid="return-photos"
            {...aria}
          />
        )}
      </FieldShell>
      {failure ? (
        <p role="alert" className="text-sm text-red-800" data-testid="return-failure">
          {failure}
        </p>
      ) : null}
      <SubmitButton pending={pending} pendingLabel="Sending…" testId="return-submit">
        Ask for a refund
      </SubmitButton>
    </form>
  );
}
