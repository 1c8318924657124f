import {
  conversationParams,
  conversationsResponse,
  likedMessageIdsResponse,
  messageDeleteResponse,
  messageIdBody,
  messageIdQuery,
  messageLikeResponse,
  messageListQuery,
  messageListResponse,
  messagePageQuery,
  messageSaveRequest,
  messageSaveResponse,
  messageUsernameParams,
  myMessagesQuery,
  threadResponse,
  unreadCountResponse,
  userMessagesResponse,
} from '../contracts/messages';
import { endpoint } from './endpoint';

const tags = ['messages'] as const;

/** SPEC §7 "Messages": public messages, private conversations and likes of messages. */
export const messagesApi = {
  // ---- reads ----
  feed: endpoint({
    method: 'GET',
    path: '/messages',
    summary: 'Public messages of every active member, newest first (page, limit, tag)',
    tags,
    query: messageListQuery,
    response: messageListResponse,
  }),
  byUser: endpoint({
    method: 'GET',
    path: '/messages/user/:username',
    summary: "A member's public messages, newest first (with the member as `user`)",
    tags,
    params: messageUsernameParams,
    query: messagePageQuery,
    response: userMessagesResponse,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/messages/mine',
    summary: 'My public and sent private messages, newest first; ?id= for one of them',
    tags,
    query: myMessagesQuery,
    response: messageListResponse,
  }),
  conversations: endpoint({
    method: 'GET',
    path: '/messages/conversations',
    summary: 'My private conversations, the latest first, each with its unread count',
    tags,
    query: messagePageQuery,
    response: conversationsResponse,
  }),
  thread: endpoint({
    method: 'GET',
    path: '/messages/conversations/:userId',
    summary:
      'The conversation with one member (page 1 = the newest messages, oldest first); marks their messages to me as read',
    tags,
    params: conversationParams,
    query: messagePageQuery,
    response: threadResponse,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/messages/unread-count',
    summary: 'How many private messages to me are unread',
    tags,
    response: unreadCountResponse,
  }),
  favoriteIds: endpoint({
    method: 'GET',
    path: '/messages/favoriteIds',
    summary: 'The ids of the messages I like',
    tags,
    response: likedMessageIdsResponse,
  }),

  // ---- writes ----
  save: endpoint({
    method: 'PUT',
    path: '/messages',
    summary:
      'Send a message (no _id; public, or private with `recipient`) or update one of mine: JSON { message }, or multipart with a `message` JSON field and `image` files',
    tags,
    body: messageSaveRequest,
    multipart: true,
    response: messageSaveResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/messages',
    summary: 'Delete one of my messages (moderators: any message) and its images',
    tags,
    query: messageIdQuery,
    response: messageDeleteResponse,
  }),
  like: endpoint({
    method: 'POST',
    path: '/messages/like',
    summary: 'Like or unlike a message (toggle); answers the message with its new likesCount',
    tags,
    body: messageIdBody,
    response: messageLikeResponse,
  }),
};
