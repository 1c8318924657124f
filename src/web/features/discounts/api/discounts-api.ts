import { catalogApi } from '../../../../shared/api/catalog';
import { discountsApi } from '../../../../shared/api/discounts';
import type { Discount, DiscountInput } from '../../../../shared/contracts/discounts';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { apiErrorMessage } from '../../../lib/errors';

// The /discounts page's calls (issue 27): the seller's codes and posts for its loader, and the
// form's save and delete for its action, each through the shared endpoint catalogue.

export interface PostChoice {
  _id: string;
  title: string;
}

export interface DiscountsData {
  discounts: Discount[];
  posts: PostChoice[];
  error: string | null;
}

/** The seller's codes and up to 100 of their posts (newest first) to choose from. */
export async function loadDiscounts(client: ApiClient): Promise<DiscountsData> {
  try {
    const [{ discounts }, mine] = await Promise.all([
      client.call(discountsApi.discounts, {}),
      client.call(catalogApi.myProducts, { query: { limit: 100, page: 1 } }),
    ]);
    return {
      discounts,
      posts: mine.products.map((p) => ({ _id: p._id, title: p.title })),
      error: null,
    };
  } catch (err) {
    return {
      discounts: [],
      posts: [],
      error: apiErrorMessage(err, 'Your discount codes could not be loaded. Try again.'),
    };
  }
}

/** The form's fields that a refusal can name. */
export const DISCOUNT_FIELDS = [
  'code',
  'kind',
  'value',
  'scope',
  'postIds',
  'minOrder',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerBuyer',
] as const;

export type SaveOutcome =
  { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/** PUT /discounts; a refusal keeps the server's sentence and the field it is about. */
export async function saveDiscount(
  client: ApiClient,
  body: DiscountInput,
  headers: Record<string, string>,
): Promise<SaveOutcome> {
  try {
    const { discount } = await client.call(discountsApi.saveDiscount, { body }, { headers });
    return { ok: true, message: `Code “${discount.code}” saved.` };
  } catch (err) {
    const details = err instanceof ApiError ? err.details : undefined;
    const fields = serverFieldErrors(details, DISCOUNT_FIELDS) as Record<string, string>;
    return { ok: false, message: apiErrorMessage(err, MESSAGES.genericError), fields };
  }
}

/** DELETE /discounts?id=. */
export async function removeDiscount(
  client: ApiClient,
  id: string,
  headers: Record<string, string>,
): Promise<SaveOutcome> {
  try {
    await client.call(discountsApi.deleteDiscount, { query: { id } }, { headers });
    return { ok: true, message: 'Code deleted. Orders that used it keep their discount.' };
  } catch (err) {
    return { ok: false, message: apiErrorMessage(err, MESSAGES.genericError), fields: {} };
  }
}
