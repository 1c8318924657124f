import { useState, type FormEvent } from 'react';
import type { Feedback } from '../../../../shared/contracts/commerce';
import { COMMERCE_LIMITS, type FeedbackType } from '../../../../shared/contracts/commerce-rules';
import { SubmitButton, TextAreaField, focusField, usePending } from '../../../components/ui/form';
import type { FieldErrors } from '../../../lib/form-errors';
import { saveFeedback } from '../api/feedback-actions';
import { StarRatingInput } from './StarRatingInput';

const TEXT_MAX = COMMERCE_LIMITS.feedbackTextMax;

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, run] = usePending();
  const ratingId = `${idPrefix}-rating`;
  const textId = `${idPrefix}-text`;

  function show(found: FieldErrors) {
    setErrors(found);
    if (found.rating)
      document.querySelector<HTMLInputElement>(`input[name="${ratingId}"]`)?.focus();
    else if (found.text) focusField(textId);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!rating) found.rating = 'Choose a rating from 1 to 5 stars.';
    if (text.length > TEXT_MAX)
      found.text = `Use at most ${TEXT_MAX.toLocaleString('en-US')} characters in your feedback.`;
    if (found.rating || found.text) return show(found);
    void run(async () => {
      const outcome = await saveFeedback({ type, id, rating: rating!, text: text.trim() });
      if (outcome.ok) onSaved?.(outcome.feedback);
      else show(outcome.fieldErrors);
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid={`${idPrefix}-form`}>
      <StarRatingInput
        id={ratingId}
        legend={`Your rating of ${subject}`}
        value={rating}
        onChange={(n) => {
          setRating(n);
          setErrors((e) => ({ ...e, rating: '' }));
        }}
        error={errors.rating || undefined}
      />
      <TextAreaField
        id={textId}
        label="Your feedback (optional)"
        hint={`What went well, what could be better. Everyone can read it. ${text.length.toLocaleString('en-US')} / ${TEXT_MAX.toLocaleString('en-US')} characters.`}
        value={text}
        maxLength={TEXT_MAX}
        onChange={(e) => setText(e.target.value)}
        error={errors.text || undefined}
      />
      <SubmitButton pending={pending} pendingLabel="Saving…" testId={`${idPrefix}-submit`}>
        Leave feedback
      </SubmitButton>
    </form>
  );
}
