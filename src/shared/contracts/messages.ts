import { z } from 'zod';
import { hasNoNul } from './account-fields';
import { PRODUCT_LIMITS, normalizeTag } from './catalog-rules';
import { mediaSchema, NUL_RULE, obj, uuidField } from './catalog-model';
import { imageSchema, readsAsWritten, requiredAs } from './common';
import { SOCIAL_LIMITS as S } from './social-rules';

// Messages (SPEC §3 "Message (post)", §7 "Messages"): short posts with text, images and `_tags`,
// public (the author's page and the /messages feed) or private to one member (a conversation).

/** Tags of a message: the same rules as a post's tags (normalised, de-duplicated), at most 5. */
export const MESSAGE_TAG_MAX = PRODUCT_LIMITS.tagMax;

/** Page size and depth of message lists (DESIGN §4: default 20, max 100). */
export const MESSAGE_PAGE = { sizeDefault: 20, sizeMax: 100, pageMax: 10_000 } as const;

// ---- the message as the API shows it ----

export const messageUserSchema = obj({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  image: imageSchema.nullable(),
});
export type MessageUser = z.infer<typeof messageUserSchema>;

export const messageSchema = obj({
  _id: z.string(),
  text: z.string(),
  _tags: z.array(z.string()),
  /** Images only: WebP variants for `srcset`, like a post's media. */
  medias: z.array(mediaSchema),
  likesCount: z.number().int(),
  likesType: z.literal('message'),
  /** The author. */
  user: messageUserSchema,
  /** The one member a private message is for; null for a public message. */
  recipient: messageUserSchema.nullable(),
  /** Private messages: when the recipient opened the conversation (null until then). */
  readAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

// ---- PUT /messages ----

export const messageTagsSchema = z
  .array(
    z
      .string(requiredAs('text'))
      .superRefine(readsAsWritten)
      .trim()
      .min(1, 'Tags cannot be empty.')
      .max(MESSAGE_TAG_MAX, `Each tag can have at most ${MESSAGE_TAG_MAX} characters.`)
      .refine(hasNoNul, NUL_RULE)
      .transform(normalizeTag),
    requiredAs('a list of tags'),
  )
  .max(S.messageTagsMax, `Add at most ${S.messageTagsMax} tags.`)
  .transform((tags) => [...new Set(tags)]);

export const messageInput = obj({
  /** Absent: a new message. Present: one of my messages to update. */
  _id: uuidField('a message id').optional(),
  text: z
    .string(requiredAs('text'))
    .trim()
    .min(1, 'Write a message first.')
    .max(
      S.messageMax,
      `Messages can have at most ${S.messageMax.toLocaleString('en-US')} characters.`,
    )
    .refine(hasNoNul, NUL_RULE),
  _tags: messageTagsSchema.optional(),
  /**
   * New messages only: a username or user id makes the message private to that member. A message
   * keeps its audience: a private one never becomes public or changes hands.
   */
  recipient: z
    .string(requiredAs('a username'))
    .trim()
    .min(1, 'Name the member to send it to, or leave it out for a public message.')
    .max(100, 'No member has this name.')
    .optional(),
  /**
   * Updates only: the ids of the message's current images to keep, in order (images left out are
   * removed). Absent: all are kept. New images come as `image` files of the multipart form.
   */
  medias: z
    .array(z.string(requiredAs('an id')).max(100), requiredAs('a list of image ids'))
    .max(S.messageMediasMax, `A message can have at most ${S.messageMediasMax} images.`)
    .optional(),
});
export type MessageInput = z.output<typeof messageInput>;

/** JSON `{ message }`, or the multipart form's `message` field with `image` files. */
export const messageSaveRequest = obj({ message: messageInput });
export const messageSaveResponse = obj({ message: messageSchema });
export type MessageSaveResponse = z.infer<typeof messageSaveResponse>;

// ---- lists ----

const pageField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(MESSAGE_PAGE.pageMax, `Must be at most ${MESSAGE_PAGE.pageMax}.`)
  .default(1);
const limitField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(MESSAGE_PAGE.sizeMax, `Must be at most ${MESSAGE_PAGE.sizeMax}.`)
  .default(MESSAGE_PAGE.sizeDefault);

export const messagePageQuery = obj({ page: pageField, limit: limitField });
export type MessagePageQuery = z.output<typeof messagePageQuery>;

/** GET /messages: the public feed, optionally with one tag. */
export const messageListQuery = messagePageQuery.extend({
  tag: z
    .string(requiredAs('one tag'))
    .trim()
    .max(MESSAGE_TAG_MAX, 'No message has this tag.')
    .transform(normalizeTag)
    .optional(),
});
export type MessageListQuery = z.output<typeof messageListQuery>;

/** GET /messages/mine: a page of my messages, or (?id=) one of them to edit. */
export const myMessagesQuery = messagePageQuery.extend({
  id: uuidField('a message id').optional(),
});
export type MyMessagesQuery = z.output<typeof myMessagesQuery>;

export const messageListResponse = obj({
  messages: z.array(messageSchema),
  recordsCount: z.number().int(),
  /** The tag the list is filtered by, when it is. */
  tagName: z.string().optional(),
});
export type MessageList = z.infer<typeof messageListResponse>;

export const messageUsernameParams = obj({
  username: z
    .string(requiredAs('text'))
    .trim()
    .min(1, 'Name the member.')
    .max(100, 'No member has this name.'),
});

/** GET /messages/user/:username — also the author. */
export const userMessagesResponse = messageListResponse.extend({ user: messageUserSchema });
export type UserMessages = z.infer<typeof userMessagesResponse>;

// ---- conversations ----

export const conversationSchema = obj({
  /** The other member. */
  user: messageUserSchema,
  lastMessage: messageSchema,
  /** Messages from them I have not opened yet. */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsResponse = obj({
  conversations: z.array(conversationSchema),
  /** How many conversations there are (the list is paged). */
  recordsCount: z.number().int(),
  /** Unread private messages in all. */
  unreadCount: z.number().int(),
});
export type Conversations = z.infer<typeof conversationsResponse>;

export const conversationParams = obj({ userId: uuidField('a user id') });

/** One conversation: page 1 holds the newest messages; each page reads oldest to newest. */
export const threadResponse = obj({
  messages: z.array(messageSchema),
  recordsCount: z.number().int(),
  user: messageUserSchema,
});
export type Thread = z.infer<typeof threadResponse>;

export const unreadCountResponse = obj({ unreadCount: z.number().int() });

// ---- likes and deletes ----

export const messageIdBody = obj({ id: uuidField('a message id') });
export const messageIdQuery = obj({ id: uuidField('a message id') });
export const messageLikeResponse = obj({ message: messageSchema, liked: z.boolean() });
export type MessageLike = z.infer<typeof messageLikeResponse>;
export const likedMessageIdsResponse = obj({ likedMessageIds: z.array(z.string()) });
export const messageDeleteResponse = obj({ _id: z.string() });
