// Moderation's closed sets and limits without zod, for the pages and the report dialog (the zod
// shapes of moderation.ts are built from these; docs/decisions/011 keeps zod off the pages).
import type { ReportTarget } from './social-rules';

/**
 * What the moderation queue can show: everything, or one part of it (`returns`: refund requests a
 * buyer sent to moderation, ADR 074).
 */
export const QUEUE_KINDS = ['all', 'comments', 'reports', 'returns'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** A moderator's decisions on a report (covering every open report on the same thing). */
export const REPORT_DECISIONS = ['dismiss', 'remove', 'suspend'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** A moderator's decisions on a comment waiting for review. */
export const COMMENT_DECISIONS = ['approve', 'reject'] as const;
export type CommentDecision = (typeof COMMENT_DECISIONS)[number];

/** What a moderator may write beside a decision (kept in the log). */
export const MODERATION_NOTE_MAX = 500;

/** The reasons the report dialog offers (the member may also write their own). */
export const REPORT_REASONS = [
  'Spam or advertising',
  'Scam or fraud',
  'Counterfeit or stolen goods',
  'Harassment or hate',
  'Nudity or violence',
] as const;

/** How the pages name each kind of reported thing. */
export const REPORT_TARGET_NAMES: Record<ReportTarget, string> = {
  product: 'post',
  comment: 'comment',
  message: 'message',
  user: 'member',
};
