import { z } from 'zod';
import { isUuid, requiredAs } from './common';
import { hasNoNul, NUL_RULE } from './account-rules';
import {
  COMMENT_STATUSES,
  MODERATION_ACTIONS,
  REPORT_STATUSES,
  ACTION_TARGETS,
  REPORT_TARGETS,
  SOCIAL_LIMITS,
} from './social-rules';
import { limitField, pageField } from './users-admin';
import { returnRequestSchema } from './returns';
import {
  COMMENT_DECISIONS,
  MODERATION_NOTE_MAX,
  QUEUE_KINDS,
  REPORT_DECISIONS,
} from './moderation-rules';

export * from './moderation-rules';

// Reports (POST /reports), the one moderation queue of pending comments, open reports and refund
// requests sent to moderation (ADR 074), the decisions taken on it and their log
// (docs/decisions/023).

const uuidOf = (what: string) =>
  z
    .string(requiredAs(what))
    .trim()
    .max(100, { error: `Must be ${what}.`, abort: true })
    .refine(isUuid, `Must be ${what}.`);

const noteField = z
  .string(requiredAs('text'))
  .trim()
  .max(MODERATION_NOTE_MAX, `Use at most ${MODERATION_NOTE_MAX} characters.`)
  .refine(hasNoNul, NUL_RULE)
  .optional();

/** A person as the moderation pages name them (null: the account has been deleted). */
export const moderationPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
});
export type ModerationPerson = z.infer<typeof moderationPersonSchema>;

// ---- POST /reports ----
export const reportRequest = z.object(
  {
    targetType: z.enum(REPORT_TARGETS, {
      error: (issue) =>
        issue.input === undefined
          ? 'This field is required.'
          : `Choose one of: ${REPORT_TARGETS.join(', ')}.`,
    }),
    targetId: uuidOf('an id'),
    reason: z
      .string(requiredAs('text'))
      .trim()
      .min(1, 'Say what is wrong, so a moderator knows what to look for.')
      .max(
        SOCIAL_LIMITS.reportReasonMax,
        `Use at most ${SOCIAL_LIMITS.reportReasonMax} characters.`,
      )
      .refine(hasNoNul, NUL_RULE),
  },
  requiredAs('a JSON object'),
);
export type ReportRequest = z.infer<typeof reportRequest>;

/** A report as its reporter sees it. */
export const reportSchema = z.object({
  _id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponse = z.object({ report: reportSchema });
export type ReportResponse = z.infer<typeof reportResponse>;

// ---- GET /moderation/queue ----
export const queueQuery = z.object(
  {
    kind: z
      .enum(QUEUE_KINDS, { error: `Choose one of: ${QUEUE_KINDS.join(', ')}.` })
      .default('all'),
    page: pageField,
    limit: limitField,
  },
  requiredAs('a query'),
);
export type QueueQuery = z.input<typeof queueQuery>;

/** A comment waiting for review, with its post and author. */
export const queueCommentSchema = z.object({
  kind: z.literal('comment'),
  _id: z.string(),
  createdAt: z.string(),
  text: z.string(),
  replyTo: z.string().nullable(),
  post: z.object({ _id: z.string(), title: z.string() }),
  author: moderationPersonSchema,
});

/** Every open report on one thing, grouped: how many, why, by whom, and what it is. */
export const queueReportSchema = z.object({
  kind: z.literal('report'),
  /** The oldest open report on the target: decide through it (the decision covers them all). */
  _id: z.string(),
  createdAt: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reportCount: z.number().int(),
  reasons: z.array(z.string()),
  /** Who reported it (null for a reporter whose account has been deleted). */
  reporters: z.array(moderationPersonSchema.nullable()),
  target: z.object({
    /** False when the reported thing has been deleted since. */
    exists: z.boolean(),
    /** A post's title, the start of a comment or message, a member's name. */
    excerpt: z.string(),
    /** Where it can be seen (null when it is gone or has no page). */
    href: z.string().nullable(),
    author: moderationPersonSchema.nullable(),
    /** The author's account is suspended (a suspension is then pointless). */
    authorSuspended: z.boolean(),
  }),
});

/**
 * A refund request the buyer sent to moderation (ADR 074): the request as its page shows it (order,
 * both sides, reason, message, photos, what was paid for the part, the seller's decline reason).
 * It is decided with POST /returns/decide, the one decision path of return requests.
 */
export const queueReturnSchema = z.object({
  kind: z.literal('return'),
  /** The return request's id. */
  _id: z.string(),
  /** When it was sent to moderation: its place in the queue. */
  createdAt: z.string(),
  returnRequest: returnRequestSchema,
});

export const queueItemSchema = z.discriminatedUnion('kind', [
  queueCommentSchema,
  queueReportSchema,
  queueReturnSchema,
]);
export type QueueItem = z.infer<typeof queueItemSchema>;
export type QueueComment = z.infer<typeof queueCommentSchema>;
export type QueueReport = z.infer<typeof queueReportSchema>;
export type QueueReturn = z.infer<typeof queueReturnSchema>;
export const queueResponse = z.object({
  items: z.array(queueItemSchema),
  recordsCount: z.number().int(),
});
export type QueueResponse = z.infer<typeof queueResponse>;

// ---- PATCH /moderation/reports/:id ----
export const moderationIdParams = z.object({ id: z.string().max(100) });
export const reportDecisionRequest = z.object(
  {
    action: z.enum(REPORT_DECISIONS, {
      error: (issue) =>
        issue.input === undefined
          ? 'This field is required.'
          : `Choose one of: ${REPORT_DECISIONS.join(', ')}.`,
    }),
    note: noteField,
  },
  requiredAs('a JSON object'),
);
export type ReportDecisionRequest = z.infer<typeof reportDecisionRequest>;

// ---- POST /moderation/comments/:id ----
export const commentDecisionRequest = z.object(
  {
    action: z.enum(COMMENT_DECISIONS, {
      error: (issue) =>
        issue.input === undefined
          ? 'This field is required.'
          : `Choose one of: ${COMMENT_DECISIONS.join(', ')}.`,
    }),
    note: noteField,
  },
  requiredAs('a JSON object'),
);
export type CommentDecisionRequest = z.infer<typeof commentDecisionRequest>;
export const moderatedCommentResponse = z.object({
  comment: z.object({ _id: z.string(), status: z.enum(COMMENT_STATUSES) }),
});

// ---- GET /moderation/actions ----
export const actionsQuery = z.object({ page: pageField, limit: limitField }, requiredAs('a query'));
export type ActionsQuery = z.input<typeof actionsQuery>;
export const moderationActionSchema = z.object({
  _id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(ACTION_TARGETS),
  targetId: z.string(),
  reportId: z.string().nullable(),
  /** What was decided, in words written when it was (names survive the account's deletion). */
  note: z.string(),
  createdAt: z.string(),
  actor: moderationPersonSchema.nullable(),
});
export type ModerationActionView = z.infer<typeof moderationActionSchema>;
export const actionsResponse = z.object({
  actions: z.array(moderationActionSchema),
  recordsCount: z.number().int(),
});
export type ActionsResponse = z.infer<typeof actionsResponse>;
