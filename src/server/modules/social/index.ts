// The social module's public surface: likes of posts and users, follows and blocks, and the lists
// and feed built from them. Other modules ask it whether two members have blocked each other.
export {
  assertNotBlocked,
  BLOCKED_MESSAGE,
  isBlockedEitherWay,
  listBlocked,
  notBlockedFor,
  toggleBlock,
} from './blocks';
export {
  getFollowed,
  getFollowState,
  listFollowing,
  listFollowingPosts,
  toggleFollow,
} from './follows';
export {
  LIKED_IDS_MAX,
  likedProductIds,
  likedUserIds,
  listFavoriteProducts,
  listFavoriteUsers,
  toggleProductLike,
  toggleUserLike,
} from './likes';
export { getPageState } from './page-state';
export { NOT_LIKED_MESSAGE, setProductAlert } from './like-alerts';
