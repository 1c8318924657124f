// The messages module's public surface: short public posts and private conversations, and their likes.
export { deleteMessage } from './remove';
export { messageNotFound, type MessageActor } from './rows';
export { saveMessage, type SaveMessageInput } from './save';
export {
  listConversations,
  listFeed,
  listMyMessages,
  listUserMessages,
  readThread,
  unreadCount,
} from './read';
export { likedMessageIds, toggleMessageLike } from './likes';
export { deleteMessagesOf, forgetMessageLikesBy } from './forget';
