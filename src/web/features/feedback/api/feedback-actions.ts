import { commerceApi } from '../../../../shared/api/commerce';
import type { Feedback } from '../../../../shared/contracts/commerce';
import type { FeedbackType } from '../../../../shared/contracts/commerce-rules';
import { MESSAGES } from '../../../../shared/messages';
import { showNotify } from '../../../components/ui/modal';
import { api } from '../../../lib/api';

/**
 * POST /products/feedback from a rating form: 'Feedback saved!' on success. A failure is thrown
 * for the form's `send` to show (by its field, else SPEC §8's MESSAGES.feedbackSaveError).
 */
export async function saveFeedback(input: {
  type: FeedbackType;
  id: string;
  rating: number;
  text: string;
}): Promise<Feedback> {
  const { feedback } = await api.call(commerceApi.leaveFeedback, { body: input });
  void showNotify(MESSAGES.feedbackSaved);
  return feedback;
}
