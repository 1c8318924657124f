import { moderationApi } from '../../../../shared/api/moderation';
import type {
  ActionsResponse,
  CommentDecision,
  QueueResponse,
  ReportDecision,
} from '../../../../shared/contracts/moderation';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import type { ModerationQuery } from '../moderation-query';

export interface QueueState extends QueueResponse {
  error: string | null;
}
export interface ActionsState extends ActionsResponse {
  error: string | null;
}

const LOAD_ERROR = 'Error loading the moderation queue';
const LOG_ERROR = 'Error loading the decisions';

/** GET /moderation/queue for the page (a list that fails to load is empty with a message). */
export async function loadQueue(client: ApiClient, q: ModerationQuery): Promise<QueueState> {
  try {
    const queue = await client.call(moderationApi.queue, {
      query: { kind: q.kind, page: q.page, limit: q.limit },
    });
    return { ...queue, error: null };
  } catch {
    return { items: [], recordsCount: 0, error: LOAD_ERROR };
  }
}

/** GET /moderation/actions for the Decisions tab. */
export async function loadActions(client: ApiClient, q: ModerationQuery): Promise<ActionsState> {
  try {
    const log = await client.call(moderationApi.actions, {
      query: { page: q.page, limit: q.limit },
    });
    return { ...log, error: null };
  } catch {
    return { actions: [], recordsCount: 0, error: LOG_ERROR };
  }
}

// ---- browser calls ----

export const decideReport = (id: string, action: ReportDecision) =>
  api.call(moderationApi.decideReport, { params: { id }, body: { action } });

export const decideComment = (id: string, action: CommentDecision) =>
  api.call(moderationApi.decideComment, { params: { id }, body: { action } });

export const DECISION_ERRORS = {
  approve: MESSAGES.errorApprovingComment,
  reject: MESSAGES.errorRejectingComment,
  dismiss: MESSAGES.genericError,
  remove: MESSAGES.genericError,
  suspend: MESSAGES.errorSavingUser,
} as const;
