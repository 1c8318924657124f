// The closed sets and limits of the social features (likes, follows, comments, messages,
// reports, notifications), shared by the database schema, the API contracts and the forms.

/** DESIGN §4: only `accepted` comments are shown to others. */
export const COMMENT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What a member can report. */
export const REPORT_TARGETS = ['product', 'comment', 'message', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** What a logged decision can be about: what members report, and refund requests (ADR 074). */
export const ACTION_TARGETS = [...REPORT_TARGETS, 'return'] as const;
export type ActionTarget = (typeof ACTION_TARGETS)[number];

/** open → dismissed (nothing wrong) or actioned (content removed or author suspended). */
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Every decision a moderator can take; each is recorded with who and when. */
export const MODERATION_ACTIONS = [
  'approve',
  'reject',
  'dismiss',
  'remove',
  'suspend',
  'reinstate',
  'delete',
  'role',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The emails a member can get (each can be switched off on /edit-profile and by its link). */
export const NOTIFICATION_KINDS = [
  'new_follower',
  'comment_to_review',
  'comment_reply',
  'private_message',
  /** A liked post with the bell on got cheaper or is back in stock (docs/decisions/075). */
  'liked_post_alert',
  'offer',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A user account's status (SPEC §4 "user status can be set via a status patch"). */
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const SOCIAL_LIMITS = {
  commentMax: 2000,
  messageMax: 1000,
  messageTagsMax: 5,
  messageMediasMax: 4,
  reportReasonMax: 500,
  /** Events within this window after the first unmailed one go out in one mail. */
  notificationBatchMs: 5 * 60_000,
} as const;
