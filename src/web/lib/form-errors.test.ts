import { describe, expect, it } from 'vitest';
import { registerRequest } from '../../shared/contracts/accounts';
import {
  describedBy,
  firstInvalidField,
  issuesToFieldErrors,
  serverFieldErrors,
} from './form-errors';

describe('issuesToFieldErrors', () => {
  it('keeps the first message per top-level field, from the shared schema', () => {
    const parsed = registerRequest.safeParse({
      username: 'Login',
      name: '',
      email: 'nope',
      password: 'short',
      accountType: 'both',
    });
    expect(parsed.success).toBe(false);
    const errors = issuesToFieldErrors(parsed.error!.issues);
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password', 'username']);
    expect(errors.username).toBe('This username is reserved. Please choose another one.');
    expect(errors.password).toBe('Use at least 8 characters.');
  });
  it('groups nested paths under their field and keeps path-less issues under ""', () => {
    expect(
      issuesToFieldErrors([
        { path: ['_tags', 3], message: 'too long' },
        { path: ['_tags', 4], message: 'second' },
        { path: [], message: 'whole form' },
      ]),
    ).toEqual({ _tags: 'too long', '': 'whole form' });
  });
});

describe('serverFieldErrors', () => {
  it('maps API error details to the fields the form shows', () => {
    const details = [
      { path: ['username'], message: 'This username is taken.' },
      { path: ['secret'], message: 'not shown' },
      'junk',
    ];
    expect(serverFieldErrors(details, ['username', 'email'])).toEqual({
      username: 'This username is taken.',
    });
    expect(serverFieldErrors(undefined, ['username'])).toEqual({});
  });
});

describe('firstInvalidField and describedBy', () => {
  it('finds the first invalid field in form order', () => {
    expect(firstInvalidField(['a', 'b', 'c'], { c: 'x', b: 'y' })).toBe('b');
    expect(firstInvalidField(['a'], {})).toBeNull();
  });
  it('joins the ids that exist', () => {
    expect(describedBy('a-hint', null, false, 'a-error')).toBe('a-hint a-error');
    expect(describedBy(undefined, null)).toBeUndefined();
  });
});
