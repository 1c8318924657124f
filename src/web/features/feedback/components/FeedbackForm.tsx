import { useState, type FormEvent } from 'react';
import type { Feedback } from '../../../../shared/contracts/commerce';
import { COMMERCE_LIMITS, type FeedbackType } from '../../../../shared/contracts/commerce-rules';
import { MESSAGES } from '../../../../shared/messages';
import {
  SubmitButton,
  TextAreaField,
  checkOf,
  focusField,
  useSend,
} from '../../../components/ui/form';
import type { FieldErrors } from '../../../lib/form-errors';
import { saveFeedback } from '../api/feedback-actions';
import { StarRatingInput } from './StarRatingInput';

const TEXT_MAX = COMMERCE_LIMITS.feedbackTextMax;
const FIELDS = ['rating', 'text'] as const;

interface FeedbackValues {
  rating: number | null;
  text: string;
}

/**
 * Rating one side of a sale: stars (required) and a few words (optional). The same rules as the
 * server, checked first here; problems show by their field, focus moves to the first.
 */
export function FeedbackForm({
  type,
  id,
  subject,
  idPrefix,
  onSaved,
}: {
  type: FeedbackType;
  /** The sale's (transaction's) id. */
  id: string;
  /** Who is rated ("Maya Maker"), for the labels. */
  subject: string;
  /** Makes the controls' ids unique when a page has several forms. */
  idPrefix: string;
  onSaved?: (feedback: Feedback) => void;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const ratingId = `${idPrefix}-rating`;
  const textId = `${idPrefix}-text`;
  const { errors, pending, recheck, send } = useSend({
    fields: FIELDS,
    focus: (field) =>
      field === 'rating'
        ? document.querySelector<HTMLInputElement>(`input[name="${ratingId}"]`)?.focus()
        : focusField(textId),
  });

  function check(v: FeedbackValues) {
    const found: FieldErrors = {};
    if (!v.rating) found.rating = 'Choose a rating from 1 to 5 stars.';
    if (v.text.length > TEXT_MAX)
      found.text = `Use at most ${TEXT_MAX.toLocaleString('en-US')} characters in your feedback.`;
    return checkOf(found, { rating: v.rating ?? 0, text: v.text.trim() });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(
      { rating, text },
      {
        check,
        call: (v) => saveFeedback({ type, id, ...v }),
        done: (feedback) => onSaved?.(feedback),
        failure: MESSAGES.feedbackSaveError,
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid={`${idPrefix}-form`}>
      <StarRatingInput
        id={ratingId}
        legend={`Your rating of ${subject}`}
        value={rating}
        onChange={(n) => {
          setRating(n);
          void recheck('rating', { rating: n, text });
        }}
        error={errors.rating || undefined}
      />
      <TextAreaField
        id={textId}
        label="Your feedback (optional)"
        hint={`What went well, what could be better. Everyone can read it. ${text.length.toLocaleString('en-US')} / ${TEXT_MAX.toLocaleString('en-US')} characters.`}
        value={text}
        maxLength={TEXT_MAX}
        onChange={(e) => {
          setText(e.target.value);
          void recheck('text', { rating, text: e.target.value });
        }}
        error={errors.text || undefined}
      />
      <SubmitButton pending={pending} pendingLabel="Saving…" testId={`${idPrefix}-submit`}>
        Leave feedback
      </SubmitButton>
    </form>
  );
}
