import {
  returnAcceptRequest,
  returnCreateRequest,
  returnDecideRequest,
  returnDeclineRequest,
  returnEscalateRequest,
  returnListResponse,
  returnQuery,
  returnReceivedRequest,
  returnResponse,
  returnTrackingRequest,
} from '../contracts/returns';
import { endpoint } from './endpoint';

/** Return requests and refunds after shipment (issue 27 §4, docs/decisions/074). */
const tags = ['returns'];

export const returnsApi = {
  list: endpoint({
    method: 'GET',
    path: '/returns',
    summary:
      'My return requests as the buyer (?as=buyer, default) or the seller (?as=seller); moderators: the ones sent to moderation (?as=moderation); or one (?id=)',
    tags,
    query: returnQuery,
    response: returnListResponse,
  }),
  open: endpoint({
    method: 'POST',
    path: '/returns',
    summary:
      'Ask for a refund on a shipped part of my order within RETURN_WINDOW_DAYS of shipment: JSON, or multipart with a `request` JSON field and up to 4 `photo` files',
    tags,
    body: returnCreateRequest,
    multipart: true,
    status: 201,
    response: returnResponse,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/returns/accept',
    summary:
      'The seller accepts: refunds all or part of what the buyer paid for their part; with the item coming back, the refund waits until the seller confirms it arrived (POST /returns/received)',
    tags,
    body: returnAcceptRequest,
    response: returnResponse,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/returns/decline',
    summary: 'The seller declines, with a reason the buyer reads',
    tags,
    body: returnDeclineRequest,
    response: returnResponse,
  }),
  escalate: endpoint({
    method: 'POST',
    path: '/returns/escalate',
    summary:
      'The buyer sends a declined request, or one unanswered for 5 days, to the moderation queue',
    tags,
    body: returnEscalateRequest,
    response: returnResponse,
  }),
  tracking: endpoint({
    method: 'POST',
    path: '/returns/tracking',
    summary:
      'The buyer adds (or corrects, while it is awaited) the carrier and tracking number of the item going back (a return accepted with the item returned)',
    tags,
    body: returnTrackingRequest,
    response: returnResponse,
  }),
  received: endpoint({
    method: 'POST',
    path: '/returns/received',
    summary: 'The seller confirms the returned item arrived: the accepted refund is sent',
    tags,
    body: returnReceivedRequest,
    response: returnResponse,
  }),
  decide: endpoint({
    method: 'POST',
    path: '/returns/decide',
    summary:
      'A moderator refunds (an amount, with or without the item coming back) or closes a request sent to moderation (also reached from the moderation queue)',
    tags,
    body: returnDecideRequest,
    response: returnResponse,
  }),
};
