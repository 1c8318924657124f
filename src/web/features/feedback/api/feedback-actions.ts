import { commerceApi } from '../../../../shared/api/commerce';
import type { Feedback } from '../../../../shared/contracts/commerce';
import type { FeedbackType } from '../../../../shared/contracts/commerce-rules';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showNotify } from '../../../components/ui/modal';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';

export type SaveOutcome =
  { ok: true; feedback: Feedback } | { ok: false; fieldErrors: FieldErrors };

/**
 * POST /products/feedback from a rating form: 'Feedback saved!' on success; otherwise the server's
 * message (SPEC §8, else MESSAGES.feedbackSaveError) in the notify modal, and the field problems
 * of a 400 for the form to show by its fields.
 */
export async function saveFeedback(input: {
  type: FeedbackType;
  id: string;
  rating: number;
  text: string;
}): Promise<SaveOutcome> {
  try {
    const { feedback } = await api.call(commerceApi.leaveFeedback, { body: input });
    void showNotify(MESSAGES.feedbackSaved);
    return { ok: true, feedback };
  } catch (error) {
    void notifyError(error, MESSAGES.feedbackSaveError);
    const details = error instanceof ApiError ? error.details : undefined;
    return { ok: false, fieldErrors: serverFieldErrors(details, ['rating', 'text']) };
  }
}
