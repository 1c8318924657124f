// The messages module's public surface: short public posts and private conversations.
export { deleteMessage, messageNotFound, type MessageActor } from './remove';
export { deleteMessagesOf, forgetMessageLikesBy } from './forget';
