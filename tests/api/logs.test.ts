import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redactUrl, requestLogLevel } from '../../src/server/http/boot/request-log';
import { createTestApp, type TestApp } from '../helpers/app';
import { nextIp, registrationBody } from '../factories/accounts';

/**
 * Logs an operator can read: one line per page or API request, none for routine assets, media and
 * health checks, and never a live token (a reset or activation link copied from a log works).
 */
let t: TestApp;
let lines: string[] = [];
beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ logger });
});
afterAll(() => t?.close());
beforeEach(() => {
  lines = [];
});

describe('request logs', () => {
  it('write one readable line per API request, with the token in its address redacted', async () => {
    const res = await t.app.inject({ url: '/api/v1/users/activate-account?token=SECRET-TOKEN-123&x=1' });
    expect(res.statusCode).toBe(400);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/v1/users/activate-account?token=[redacted]&x=1',
      statusCode: 400,
      msg: expect.stringMatching(/^GET \/api\/v1\/users\/activate-account\?token=\[redacted\]&x=1 400 \d+ ms$/),
    });
    expect(lines.join('\n')).not.toContain('SECRET-TOKEN-123');
  });

  it('stay quiet for health checks and media', async () => {
    expect((await t.app.inject('/api/v1/health')).statusCode).toBe(200);
    expect((await t.app.inject('/media/avatars/none.webp')).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });

  it('carry no activation or reset link through registration and its mail', async () => {
    const body = registrationBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', payload: body, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(201);
    const [mail] = (await t.outbox()).filter((m) => m.to === body.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain(body.password);
  });
});

describe('what gets a line', () => {
  it('logs failures and slow requests anywhere, routine ones only for pages and the API', () => {
    expect(requestLogLevel('/assets/entry-abc.js', 200, 3)).toBeNull();
    expect(requestLogLevel('/media/a/b.webp', 304, 3)).toBeNull();
    expect(requestLogLevel('/api/v1/health', 200, 3)).toBeNull();
    expect(requestLogLevel('/assets/entry-abc.js', 200, 1500)).toBe('warn');
    expect(requestLogLevel('/api/v1/health/ready', 200, 3)).toBeNull();
    expect(requestLogLevel('/api/v1/health/live', 200, 3)).toBeNull();
    expect(requestLogLevel('/api/v1/health', 503, 3)).toBe('warn');
    expect(requestLogLevel('/api/v1/products', 500, 3)).toBe('error');
    expect(requestLogLevel('/maya', 200, 12)).toBe('info');
    expect(requestLogLevel('/api/v1/users/me', 401, 2)).toBe('info');
  });

  it('redacts tokens in queries and in reset-link paths', () => {
    expect(redactUrl('/password-reset/abcDEF123?x=1')).toBe('/password-reset/[redacted]?x=1');
    expect(redactUrl('/password-reset/abc.data?_routes=root')).toBe('/password-reset/[redacted]?_routes=root');
    expect(redactUrl('/media-upload/a/b.png?expires=1&ct=image%2Fpng&sig=deadbeef')).toBe(
      '/media-upload/a/b.png?expires=1&ct=image%2Fpng&sig=[redacted]',
    );
    expect(redactUrl('/x?refreshToken=r&Token=t&other=ok')).toBe('/x?refreshToken=[redacted]&Token=[redacted]&other=ok');
    expect(redactUrl('/users/activate-account?token=abc')).toBe('/users/activate-account?token=[redacted]');
    expect(redactUrl('/maya')).toBe('/maya');
  });
});
