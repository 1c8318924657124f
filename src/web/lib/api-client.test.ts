import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './api-client';

// The client against a real server: tests/unit/api-client.test.ts. Here: reading an error answer,
// the one place every failed call goes through.
describe('toApiError', () => {
  it("reads the API's error body", async () => {
    const res = Response.json(
      {
        message: 'Wrong password.',
        code: 'INVALID_CREDENTIALS',
        details: [{ path: ['email'], message: 'x' }],
      },
      { status: 401 },
    );
    const error = await toApiError(res, 'fallback');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Wrong password.',
      code: 'INVALID_CREDENTIALS',
      details: [{ path: ['email'], message: 'x' }],
    });
  });

  it('falls back when there is no message or no JSON', async () => {
    const blank = await toApiError(Response.json({ message: ' ' }, { status: 400 }), 'fb');
    expect(blank).toMatchObject({
      status: 400,
      message: 'fb',
      code: undefined,
      details: undefined,
    });
    const html = await toApiError(new Response('<html>', { status: 502 }), 'fb');
    expect(html).toMatchObject({ status: 502, message: 'fb', code: undefined, details: undefined });
  });

  it('keeps only codes of the shared catalogue and details that are a list', async () => {
    const res = Response.json({ message: 'm', code: 'MADE_UP', details: 'nope' }, { status: 400 });
    expect(await toApiError(res, 'fb')).toMatchObject({ code: undefined, details: undefined });
  });
});
