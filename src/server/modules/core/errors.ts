import {
  ERROR_CODES,
  type CodeOf,
  type ErrorCode,
  type ErrorKind,
  type FieldIssue,
} from '../../../shared/errors';
import { cardProblems, type CardInput } from '../../../shared/card';
import { MESSAGES } from '../../../shared/messages';

/**
 * What a use-case throws when a request cannot be done. It carries a kind (from the code, never
 * a status number: the HTTP error handler maps kinds to statuses once), a code from the shared
 * catalogue and a message a person can act on.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = ERROR_CODES[code];
  }
}

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;

// One constructor per kind; each accepts only the codes of its kind.

export const validationError = (
  message: string,
  code: CodeOf<'validation'> = 'VALIDATION_ERROR',
  details?: FieldIssue[],
) => new DomainError(code, message, details);

export const unauthorized = (
  message: string = MESSAGES.loginRequired,
  code: CodeOf<'unauthorized'> = 'UNAUTHORIZED',
) => new DomainError(code, message);

export const forbidden = (
  message = 'You are not allowed to do that.',
  code: CodeOf<'forbidden'> = 'FORBIDDEN',
) => new DomainError(code, message);

export const notFound = (
  message: string = MESSAGES.pageNotFound,
  code: CodeOf<'not_found'> = 'NOT_FOUND',
) => new DomainError(code, message);

export const conflict = (
  message: string,
  code: CodeOf<'conflict'> = 'CONFLICT',
  details?: FieldIssue[],
) => new DomainError(code, message, details);

export const tooLarge = (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message);

export const rateLimited = (message: string) => new DomainError('RATE_LIMITED', message);

export const paymentRequired = (
  message: string,
  code: CodeOf<'payment_required'> = 'PAYMENT_REQUIRED',
) => new DomainError(code, message);

export const unavailable = (message: string, code: CodeOf<'unavailable'> = 'UNAVAILABLE') =>
  new DomainError(code, message);

/**
 * Refuses a card the form should not have sent (checked again on the server: the embedded driver's
 * card form posts the card here). 400 CARD_INVALID with the first problem as the message and each
 * problem under `card.{field}`, the same for an order's payment and a plan's.
 */
export function requireValidCard(card: CardInput, at: Date): void {
  const problems = cardProblems(card, at);
  if (problems.length === 0) return;
  throw validationError(
    problems[0]!.message,
    'CARD_INVALID',
    problems.map((p) => ({ path: ['card', p.field], message: p.message })),
  );
}
