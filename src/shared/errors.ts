/**
 * The closed set of ways a call can fail (DESIGN §3 "errors are a closed set of kinds"). Every
 * failure has a kind, which the HTTP error handler maps to a status once, and a code from this
 * catalogue, which clients may branch on (the web shows `message`; a few flows read `code`).
 * Adding a code means adding it here with its kind; nothing else invents one.
 */
export const ERROR_KINDS = [
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media',
  'rate_limited',
  'payment_required',
  'unavailable',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Every error code on the wire, with the kind it belongs to. */
export const ERROR_CODES = {
  // validation: the input cannot be used as sent
  VALIDATION_ERROR: 'validation',
  BAD_REQUEST: 'validation',
  IMAGE_REJECTED: 'validation',
  ACTIVATION_TOKEN_INVALID: 'validation',
  RESET_TOKEN_INVALID: 'validation',
  WRONG_PASSWORD: 'validation',
  MEDIA_REJECTED: 'validation',
  UPLOAD_INVALID: 'validation',
  DOMAIN_NOT_ALLOWED: 'validation',
  DOMAIN_NOT_SET: 'validation',
  SELF_ACTION: 'validation',
  REPLY_NOT_ALLOWED: 'validation',
  OFFER_EXPIRED: 'validation',
  UNSUBSCRIBE_TOKEN_INVALID: 'validation',
  ITEM_UNAVAILABLE: 'validation',
  CARD_INVALID: 'validation',
  WEBHOOK_SIGNATURE_INVALID: 'validation',
  ADDRESS_INVALID: 'validation',
  EMAIL_LIST_TOKEN_INVALID: 'validation',
  PROMPT_REJECTED: 'validation',
  /** A signed cart link (docs/decisions/050) that was altered or has expired. */
  CART_LINK_INVALID: 'validation',
  // unauthorized: nobody (valid) is signed in
  UNAUTHORIZED: 'unauthorized',
  SESSION_EXPIRED: 'unauthorized',
  INVALID_CREDENTIALS: 'unauthorized',
  // forbidden: signed in (or identified) but not allowed
  FORBIDDEN: 'forbidden',
  ACCOUNT_SUSPENDED: 'forbidden',
  ACCOUNT_NOT_ACTIVATED: 'forbidden',
  OWN_ROLE: 'forbidden',
  NOT_OWNER: 'forbidden',
  SUPER_ADMIN_ONLY: 'forbidden',
  CROSS_ORIGIN: 'forbidden',
  BLOCKED: 'forbidden',
  NOT_AUTHOR: 'forbidden',
  OWN_ACCOUNT: 'forbidden',
  /** A plan's limit (docs/decisions/032): the message names the plan that allows it. */
  PLAN_LIMIT: 'forbidden',
  /** A credentialed API call on a seller's own domain (docs/decisions/050). */
  SELLER_DOMAIN: 'forbidden',
  // not_found
  NOT_FOUND: 'not_found',
  USER_NOT_FOUND: 'not_found',
  SITE_NOT_FOUND: 'not_found',
  PRODUCT_NOT_FOUND: 'not_found',
  OFFER_NOT_FOUND: 'not_found',
  MEDIA_NOT_FOUND: 'not_found',
  COMMENT_NOT_FOUND: 'not_found',
  MESSAGE_NOT_FOUND: 'not_found',
  REPORT_NOT_FOUND: 'not_found',
  ADDRESS_NOT_FOUND: 'not_found',
  ORDER_NOT_FOUND: 'not_found',
  SALE_NOT_FOUND: 'not_found',
  RETURN_NOT_FOUND: 'not_found',
  PAYMENT_NOT_FOUND: 'not_found',
  PLAN_NOT_FOUND: 'not_found',
  SUBSCRIPTION_NOT_FOUND: 'not_found',
  CONTACT_MESSAGE_NOT_FOUND: 'not_found',
  /** PUT /products/media/generated: not the caller's picture, or no longer kept. */
  GENERATED_IMAGE_NOT_FOUND: 'not_found',
  /** POST /orders: no seller in the cart has this discount code (docs/decisions/073). */
  DISCOUNT_CODE_NOT_FOUND: 'not_found',
  /** GET/PUT/DELETE /discounts: not one of the caller's codes. */
  DISCOUNT_NOT_FOUND: 'not_found',
  // conflict: the request clashes with the current state
  CONFLICT: 'conflict',
  USERNAME_TAKEN: 'conflict',
  EMAIL_TAKEN: 'conflict',
  DOMAIN_TAKEN: 'conflict',
  ALREADY_DECIDED: 'conflict',
  LAST_SUPER_ADMIN: 'conflict',
  OUT_OF_STOCK: 'conflict',
  ORDER_NOT_PAYABLE: 'conflict',
  ALREADY_PAID: 'conflict',
  ORDER_ITEM_UNAVAILABLE: 'conflict',
  ORDER_NOT_CANCELLABLE: 'conflict',
  TOO_MANY_UNPAID_ORDERS: 'conflict',
  NOT_LIKED: 'conflict',
  ALREADY_SHIPPED: 'conflict',
  SALE_NOT_SHIPPABLE: 'conflict',
  SALE_NOT_CANCELLABLE: 'conflict',
  // Return requests (ADR 074).
  RETURN_EXISTS: 'conflict',
  RETURN_NOT_ALLOWED: 'conflict',
  RETURN_WINDOW_OVER: 'conflict',
  RETURN_ALREADY_DECIDED: 'conflict',
  RETURN_NOT_ESCALATABLE: 'conflict',
  RETURN_NOT_ESCALATED: 'conflict',
  RETURN_NOT_AWAITING_ITEM: 'conflict',
  FEEDBACK_EXISTS: 'conflict',
  FEEDBACK_TOO_EARLY: 'conflict',
  WRONG_PAYMENT_PROVIDER: 'conflict',
  ALREADY_SUBSCRIBED: 'conflict',
  /** A discount code that cannot be used now: the message says why (used up, expired…). */
  DISCOUNT_CODE_UNUSABLE: 'conflict',
  /** The seller already has a code by this name (codes are case-insensitive). */
  DISCOUNT_CODE_TAKEN: 'conflict',
  // transport-level refusals
  PAYLOAD_TOO_LARGE: 'too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media',
  RATE_LIMITED: 'rate_limited',
  PAYMENT_REQUIRED: 'payment_required',
  // Stripe's own decline codes, as DESIGN §4 pins them for POST /payments/local/confirm
  card_declined: 'payment_required',
  insufficient_funds: 'payment_required',
  UNAVAILABLE: 'unavailable',
  DB_UNAVAILABLE: 'unavailable',
  /** The instance is draining before it stops (GET /health/ready): the balancer sends traffic elsewhere. */
  SHUTTING_DOWN: 'unavailable',
  /** The instance listens but is still loading its pages' code (GET /health/ready). */
  STARTING: 'unavailable',
  DOMAIN_CHECK_FAILED: 'unavailable',
  PAYMENT_PROVIDER_ERROR: 'unavailable',
  AI_PROVIDER_ERROR: 'unavailable',
  INTERNAL: 'internal',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes of one kind, e.g. `CodeOf<'conflict'>` = 'CONFLICT' | 'USERNAME_TAKEN' | 'EMAIL_TAKEN'. */
export type CodeOf<K extends ErrorKind> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C] extends K ? C : never;
}[ErrorCode];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** One field-level problem: `path` names the field (['email'], ['user', 'name']). */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}
