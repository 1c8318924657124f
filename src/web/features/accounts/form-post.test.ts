import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { ApiError, toApiError } from '../../lib/api-client';
import { apiHeaders, failureStatus, formFailure, formText, setCookieHeaders } from './form-post';

describe('formText', () => {
  it('reads text fields, empty for missing ones and files', () => {
    const form = new FormData();
    form.set('email', ' leo ');
    form.set('avatar', new Blob(['x']), 'a.png');
    expect(formText(form, 'email')).toBe(' leo ');
    expect(formText(form, 'password')).toBe('');
    expect(formText(form, 'avatar')).toBe('');
  });
});

describe('apiHeaders', () => {
  const page = (headers: Record<string, string>) =>
    new Request('http://shop.example/logout', { method: 'POST', headers });

  it('forwards the Origin only when the page request had one, and claims no content type', () => {
    expect(apiHeaders(page({ origin: 'https://evil.example', cookie: 'refreshToken=r' }))).toEqual({
      origin: 'https://evil.example',
    });
    expect(apiHeaders(page({}))).toEqual({});
  });

  it('forwards the cookies when asked', () => {
    expect(apiHeaders(page({ cookie: 'token=a; refreshToken=r' }), { cookie: true })).toEqual({
      cookie: 'token=a; refreshToken=r',
    });
    expect(apiHeaders(page({}), { cookie: true })).toEqual({});
  });
});

describe('setCookieHeaders', () => {
  it('keeps every Set-Cookie separate and nothing else', () => {
    const res = new Response(null, {
      headers: [
        ['set-cookie', 'token=a; Path=/'],
        ['set-cookie', 'refreshToken=b; Path=/; HttpOnly'],
        ['content-type', 'application/json'],
      ],
    });
    const headers = setCookieHeaders(res);
    expect(headers.getSetCookie()).toEqual(['token=a; Path=/', 'refreshToken=b; Path=/; HttpOnly']);
    expect(headers.get('content-type')).toBeNull();
  });
});

describe('formFailure', () => {
  it("keeps the API error's status, message, code and details", async () => {
    const error = await toApiError(
      Response.json(
        {
          message: 'Wrong password.',
          code: 'INVALID_CREDENTIALS',
          details: [{ path: ['email'], message: 'x' }],
        },
        { status: 401 },
      ),
      'generic',
    );
    expect(formFailure(error, 'fallback')).toEqual({
      status: 401,
      message: 'Wrong password.',
      code: 'INVALID_CREDENTIALS',
      details: [{ path: ['email'], message: 'x' }],
    });
  });

  it("answers server failures with 502 and the flow's own message", async () => {
    const error = await toApiError(new Response('<html>', { status: 500 }), MESSAGES.genericError);
    expect(formFailure(error, 'fb')).toEqual({ status: 502, message: 'fb' });
    expect(formFailure(new ApiError(400, MESSAGES.genericError), 'fb')).toEqual({
      status: 400,
      message: 'fb',
    });
  });

  it('throws on what is not an API answer', () => {
    const bug = new TypeError('x is undefined');
    expect(() => formFailure(bug, 'fb')).toThrow(bug);
  });
});

describe('failureStatus', () => {
  it('keeps client errors and reports server errors as 502', () => {
    expect(failureStatus(401)).toBe(401);
    expect(failureStatus(429)).toBe(429);
    expect(failureStatus(500)).toBe(502);
    expect(failureStatus(200)).toBe(502);
  });
});
