import {
  discountDeleteResponse,
  discountIdQuery,
  discountInput,
  discountListResponse,
  discountPreviewRequest,
  discountPreviewResponse,
  discountResponse,
} from '../contracts/discounts';
import { endpoint } from './endpoint';

const tags = ['discounts'] as const;

/** A seller's discount codes (issue 27, docs/decisions/073); buyers use them in POST /orders. */
export const discountsApi = {
  discounts: endpoint({
    method: 'GET',
    path: '/discounts',
    summary: "The caller's discount codes, newest first, with their uses and where each stands",
    tags,
    response: discountListResponse,
  }),
  saveDiscount: endpoint({
    method: 'PUT',
    path: '/discounts',
    summary:
      'Create a discount code, or update one of mine (`_id`): percent or amount off, the whole shop or chosen posts, minimum order, start and end, total uses and uses per buyer, active',
    tags,
    body: discountInput,
    response: discountResponse,
  }),
  deleteDiscount: endpoint({
    method: 'DELETE',
    path: '/discounts',
    summary: 'Delete one of my discount codes (orders keep the code and discount they got)',
    tags,
    query: discountIdQuery,
    response: discountDeleteResponse,
  }),
  previewDiscount: endpoint({
    method: 'POST',
    path: '/discounts/preview',
    summary:
      'What a discount code would do to my cart (the lines POST /orders takes): the seller’s part it applies to, the discount, the new tax and totals — or the refusal placing the order would give. Takes no use of the code and holds no stock',
    tags: ['discounts', 'orders'],
    body: discountPreviewRequest,
    response: discountPreviewResponse,
  }),
};
