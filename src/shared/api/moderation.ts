import {
  actionsQuery,
  actionsResponse,
  commentDecisionRequest,
  moderatedCommentResponse,
  moderationIdParams,
  queueQuery,
  queueResponse,
  reportDecisionRequest,
  reportRequest,
  reportResponse,
} from '../contracts/moderation';
import { endpoint } from './endpoint';

const moderation = ['moderation'] as const;

/** Reports from members, and the moderators' one queue and decision log (docs/decisions/023). */
export const moderationApi = {
  report: endpoint({
    method: 'POST',
    path: '/reports',
    summary:
      'Report a post, comment, message or member (201; 200 with the open report when already reported)',
    tags: moderation,
    body: reportRequest,
    response: reportResponse,
    status: 201,
    okWhenExisting: true,
  }),
  queue: endpoint({
    method: 'GET',
    path: '/moderation/queue',
    summary:
      'Pending comments, open reports (grouped per reported thing) and refund requests sent to moderation (decided with POST /returns/decide), oldest first',
    tags: moderation,
    query: queueQuery,
    response: queueResponse,
  }),
  decideReport: endpoint({
    method: 'PATCH',
    path: '/moderation/reports/:id',
    summary:
      'Dismiss the reports on a thing, remove it, or suspend its author; every open report on it is closed',
    tags: moderation,
    params: moderationIdParams,
    body: reportDecisionRequest,
    response: reportResponse,
  }),
  decideComment: endpoint({
    method: 'POST',
    path: '/moderation/comments/:id',
    summary: 'Approve or reject a comment from the queue (recorded in the decision log)',
    tags: moderation,
    params: moderationIdParams,
    body: commentDecisionRequest,
    response: moderatedCommentResponse,
  }),
  actions: endpoint({
    method: 'GET',
    path: '/moderation/actions',
    summary: 'The decision log: who decided what and when, newest first',
    tags: moderation,
    query: actionsQuery,
    response: actionsResponse,
  }),
};
