// The accounts module's public surface: use-cases for the HTTP layer, helpers for start-up data,
// and the jobs it runs in the background.
export {
  ACCESS_TOKEN_TTL_SECONDS,
  authenticateAccessToken,
  verifyAccessToken,
  type AuthenticatedUser,
} from './access-tokens';
export { activateAccount, resendActivation } from './activation';
export { login } from './login';
export { accountJobs } from './mail';
export { changePassword, requestPasswordReset, resetPassword } from './password';
export { hashPassword } from './passwords';
export { getMe, getPublicProfile, updateProfile } from './profile';
export { registerUser } from './register';
export {
  adjustUserLikes,
  findPublicProfile,
  followersCountOf,
  followingCountOf,
  isPublicUser,
  isPublicUserId,
  profileColumns,
  toProfileWithCounts,
  type ProfileRow,
} from './social';
export { changeUserRole } from './roles';
// Staff calls on other accounts (docs/decisions/022): the directory, suspension and deletion.
export { hasPublicPage, listAdminUsers, listDirectory } from './directory';
export { searchPeople } from './people-search';
export { deleteAccount, forgetUserLikesBy, lockAccountForDeletion } from './delete';
export { setAccountStatus, type StatusChange } from './status';
export { LAST_ACTIVE_SUPER_ADMIN, toAdminUser, type StaffActor } from './staff';
export {
  endSession,
  REFRESH_FAMILY_TTL_MS,
  REUSE_GRACE_MS,
  refreshTokenHolder,
  rotateRefreshToken,
  startSession,
  type SessionTokens,
} from './sessions';
export { deriveUsername } from './username';
export {
  createAccount,
  findUserByEmail,
  findUserByLogin,
  toSessionUser,
  type NewAccount,
} from './users-repo';
export { setPaymentAccount } from './payment-account';
export { setUserPlan } from './user-plan';
