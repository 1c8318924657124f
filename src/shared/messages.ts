// Every user-facing text of SPEC §8 in one place, so the client, the server and the
// end-to-end tests show and look for the same words. Where SPEC gives the exact text it
// is copied verbatim (apart from the 'reviewd' typo); where it only describes a message
// the wording here is ours.
import { COOKIE_NOTICE_TEXT } from './constants';

export const MESSAGES = {
  // Errors and navigation (SPEC §2, §8)
  pageNotFound: 'This page could not be found',
  unknownMiddleware: 'Unknown middleware',
  sessionExpired: 'Your session has expired. Please log in again.',
  loginRequired: 'Please log in to do that.',
  genericError: 'Something went wrong. Please try again later.',
  cookieNotice: COOKIE_NOTICE_TEXT,

  // Posts and media
  postSaved: 'Post saved!',
  postSaveError: 'Error while attempting to save the post. Please try again later.',
  mediaSaved: 'Media saved!',
  productUpdated: 'Product updated!',
  productUpdateError: 'Error while attempting to update the post. Please try again later.',
  unsavedPostChanges: 'You have unsaved changes to this post. Leave without saving them?',
  mediaUploadError: 'The file could not be uploaded. Please try again.',

  // Cart and payment
  paymentSubmitted: "Payment submitted! Don't hit the back button. Just wait for the confirmation.",
  paymentError: 'There was an error with the payment. Please try again later.',
  cartAmountUpdated: 'The amount in your cart has been updated',

  // Feedback
  feedbackSaved: 'Feedback saved!',
  feedbackSaveError: 'Error while attempting to save your feedback. Please try again later.',

  // Comments
  commentSubmitted: "Comment submitted! It will be visible after it's been reviewed.",
  commentApproved: 'Comment approved! It will now be visible on your post.',
  commentRemoved: 'Comment removed!',
  commentSaveError: 'Error while attempting to save your comment. Please try again later.',
  commentApproveError: 'Error while attempting to approve the comment. Please try again later.',
  commentRejectError: 'Error while attempting to reject the comment. Please try again later.',
  commentDeleteError: 'Error while attempting to delete the comment. Please try again later.',
  // The post owner's own comments need no review (docs/decisions/020)
  commentPublished: 'Comment posted!',

  // Likes, follows and blocks (issue 11)
  likeError: 'Error while attempting to save your like. Please try again later.',
  followError: 'Error while attempting to follow this member. Please try again later.',
  blockError: 'Error while attempting to block this member. Please try again later.',
  confirmBlock:
    'Block this member? You will stop following each other, and they can no longer follow, like, comment on or message you.',

  // Profile and account
  profileSaved: 'Profile saved!',
  profileSaveError: 'Error while attempting to save your profile. Please try again later.',
  accountActivated: 'Account successfully activated!',
  activationError:
    'We could not activate your account. The link may have expired or already been used — request a new activation email and try again.',
  reauthenticationError: 'We could not confirm your identity. Please log in again.',
  loginError: 'There was an error while trying to log in. Please try again later.',
  registrationSuccess:
    'Thanks for signing up! An activation email will arrive within a few minutes — open the link in it to activate your account.',
  registrationError: 'There was an error while trying to sign you up. Please try again later.',
  verificationResent:
    'We have sent you a new activation email. It will arrive within a few minutes.',
  verificationResendError:
    'There was an error while sending the activation email. Please try again later.',
  passwordUpdated: 'Your password has been updated.',
  passwordSaveError: 'Error while attempting to update your password. Please try again later.',
  passwordResetLinkSent:
    'If an account exists for that email, a password reset link is on its way.',

  // The personal page (site) and its editor (/edit-page)
  siteSaved: 'Page saved!',
  siteSaveError: 'Error while attempting to save your page. Please try again later.',
  logoSaveError: 'Error while attempting to upload your logo. Please try again later.',
  unsavedSiteChanges: 'You have unsaved changes to your page. Leave without saving them?',

  // Messages and users (admin)
  messageSent: 'Message sent!',
  messageSendError: 'Error while attempting to send your message. Please try again later.',
  messageSaved: 'Message saved!',
  messageSaveError: 'Error while attempting to save the message. Please try again later.',
  // Messages (issue 11): lists, deleting, the compose form (texts SPEC §8 leaves to us)
  errorLoadingMessages: 'Error loading messages',
  errorLoadingConversations: 'Error loading conversations',
  messageDeleteError: 'Error while attempting to delete the message. Please try again later.',
  confirmDeleteMessageTitle: 'Delete this message?',
  userUpdated: 'User updated!',
  userSaveError: 'Error while attempting to save the user. Please try again later.',

  // Email notifications (/edit-profile settings, /unsubscribe)
  notificationSettingsSaved: 'Email settings saved!',
  notificationSettingsSaveError:
    'Error while attempting to save your email settings. Please try again later.',
  notificationSettingsLoadError: 'Error loading your email settings',
  unsubscribeTokenInvalid:
    'This unsubscribe link is not valid. Open it again from the email (the whole link), or choose which emails you get on your profile page.',
  unsubscribeError: 'Error while attempting to unsubscribe. Please try again later.',
  // Reports and moderation (issue 11; docs/decisions/023)
  reportThanks: 'Thanks — a moderator will look at it.',
  reportSendError: 'Error while attempting to send your report. Please try again later.',

  // Confirmations
  confirmIrreversible: "This action can't be undone!",
  confirmPlanChange: 'Are you sure you want to change your plan?',
  confirmMarkShipped:
    "Mark this order as shipped? This can't be undone — the buyer will be told it is on its way.",

  // State error messages (SPEC §8), verbatim
  errorLoadingPosts: 'Error loading posts',
  errorLoadingLikedProducts: 'Error loading liked products',
  errorLoadingPostsByTag: 'Error loading posts by tag',
  errorLoadingPostsByUser: 'Error loading posts by user',
  errorLoadingPostsByDomain: 'Error loading posts by domain',
  errorLoadingYourPosts: 'Error loading your posts',
  errorLoadingUser: 'Error loading user',
  errorLoadingUsers: 'Error loading users',
  errorLoadingOrders: 'Error loading orders',
  errorLoadingFeedbacks: 'Error loading feedbacks',
  errorMarkingShipped: 'Error marking order as shipped',
  errorFetchingProductsCount: 'Error fetching products count',
  errorDeletingMedia: 'Error deleting media',
  errorSavingUser: 'Error saving user',
  errorSendingMessage: 'Error sending message',
  error: 'Error',
  errorSavingProduct: 'Error saving product',
  errorSavingMessage: 'Error saving message',
  errorSavingComment: 'Error saving comment',
  errorFetchingUserComments: 'Error fetching user comments',
  errorApprovingComment: 'Error approving comment',
  errorRejectingComment: 'Error rejecting comment',
} as const;

export type MessageKey = keyof typeof MESSAGES;
