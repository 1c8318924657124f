import { notFound, validationError } from '../core';

// The refusals of the social calls, phrased for people.

export const USER_NOT_FOUND = 'This user could not be found.';
export const POST_NOT_FOUND = 'This post could not be found. It may have been deleted.';

export const userNotFound = () => notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
export const postNotFound = () => notFound(POST_NOT_FOUND, 'PRODUCT_NOT_FOUND');

export const SELF_ACTIONS = {
  likePost: 'You cannot like your own post.',
  likeUser: 'You cannot like yourself.',
  follow: 'You cannot follow yourself.',
  block: 'You cannot block yourself.',
} as const;

export const selfAction = (what: keyof typeof SELF_ACTIONS) =>
  validationError(SELF_ACTIONS[what], 'SELF_ACTION');

/** Ids are compared as the database does (uuids are case-insensitive on the wire). */
export const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
