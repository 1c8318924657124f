import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { ApiError } from './api-client';
import { apiErrorMessage, describeError, errorTitle } from './errors';

describe('describeError', () => {
  it('uses the route error status and message', () => {
    expect(describeError(new ErrorResponse(404, 'Not Found', MESSAGES.pageNotFound))).toEqual({
      status: 404,
      message: 'This page could not be found',
    });
    expect(describeError(new ErrorResponse(403, 'Forbidden', { message: 'No entry' }))).toEqual({
      status: 403,
      message: 'No entry',
    });
  });
  it('falls back to the page-not-found text for a bare 404', () => {
    expect(describeError(new ErrorResponse(404, 'Not Found', null)).message).toBe(
      MESSAGES.pageNotFound,
    );
  });
  it('treats thrown errors as 500', () => {
    expect(describeError(new Error('Kaboom'))).toEqual({ status: 500, message: 'Kaboom' });
    expect(describeError('weird')).toEqual({ status: 500, message: MESSAGES.genericError });
  });
  it('titles error pages', () => {
    expect(errorTitle(404)).toBe('Page not found');
    expect(errorTitle(500)).toBe('Something went wrong');
  });
});

describe('apiErrorMessage', () => {
  it("uses the server's message for request problems (4xx)", () => {
    const err = new ApiError(401, 'The email/username or password is incorrect.');
    expect(apiErrorMessage(err, MESSAGES.loginError)).toBe(
      'The email/username or password is incorrect.',
    );
    expect(apiErrorMessage(new ApiError(429, 'Too many attempts.'), 'x')).toBe(
      'Too many attempts.',
    );
  });
  it('uses the default for server failures, network errors and missing messages', () => {
    expect(apiErrorMessage(new ApiError(500, 'Something broke'), MESSAGES.loginError)).toBe(
      MESSAGES.loginError,
    );
    expect(apiErrorMessage(new TypeError('Failed to fetch'), MESSAGES.registrationError)).toBe(
      MESSAGES.registrationError,
    );
    expect(
      apiErrorMessage(new ApiError(400, MESSAGES.genericError), MESSAGES.profileSaveError),
    ).toBe(MESSAGES.profileSaveError);
    expect(apiErrorMessage(new ApiError(400, '  '), 'fallback')).toBe('fallback');
  });
});
