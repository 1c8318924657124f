// The social module's public surface: likes of posts and users, follows, blocks and the feeds
// built from them. Other modules ask it whether two members have blocked each other.
export { assertNotBlocked, BLOCKED_MESSAGE, isBlockedEitherWay, notBlockedFor } from './blocks';
