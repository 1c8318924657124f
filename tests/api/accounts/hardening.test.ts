import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { nextIp, recordingLogger, signedInUser } from '../../factories/accounts';

// Hostile inputs found by probing: each answered 500 (or worse) before its fix.

const log = recordingLogger();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
});
afterAll(() => t?.close());

/** A raw multipart body (CRLF line ends) with boundary XX. */
const form = (body: string) => ({
  payload: body.replace(/\n/g, '\r\n'),
  contentType: 'multipart/form-data; boundary=XX',
});

describe('client addresses', () => {
  it('ignore X-Forwarded-For by default, so a spoofed header cannot reset the per-IP limit', async () => {
    const remoteAddress = nextIp();
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `spoof${i}@example.test`, password: 'wrong-password' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(10)).statusCode).toBe(429);
  });

  it('honour X-Forwarded-For from a configured proxy (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({}, { TRUST_PROXY: '127.0.0.1' });
    try {
      // Eleven clients behind the proxy: each has its own per-IP budget.
      for (let i = 0; i < 11; i++) {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `proxied${i}@example.test`, password: 'wrong-password' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('the per-account login limit', () => {
  it('counts the email and the username of one account (any case) together', async () => {
    const { user } = await signedInUser(t.deps);
    const remoteAddress = nextIp();
    const spellings = [user.email, user.username, user.email.toUpperCase(), ` ${user.username} `];
    const attempt = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        payload: { email, password: 'wrong-password' },
      });
    for (let i = 0; i < 5; i++)
      expect((await attempt(spellings[i % spellings.length]!)).statusCode).toBe(401);
    expect((await attempt(user.username.toUpperCase())).statusCode).toBe(429);
  });
});

describe('text the database cannot store (U+0000)', () => {
  it('is a 400 naming the field, never a 500', async () => {
    const a = await signedInUser(t.deps);
    const calls = [
      { method: 'POST', url: '/api/v1/login', payload: { email: 'a\u0000b', password: 'x' } },
      {
        method: 'POST',
        url: '/api/v1/register',
        payload: {
          username: 'nul-name',
          name: 'A\u0000B',
          email: 'nul-name@example.test',
          password: 'password-123',
          accountType: 'buyer',
        },
      },
      { method: 'GET', url: '/api/v1/sites?username=%00' },
      {
        method: 'PUT',
        url: '/api/v1/users',
        headers: a.auth,
        payload: { user: { name: 'x\u0000' } },
      },
      {
        method: 'PUT',
        url: '/api/v1/users',
        headers: a.auth,
        payload: { user: { bio: '\u0000' } },
      },
      {
        method: 'PUT',
        url: '/api/v1/users',
        headers: a.auth,
        payload: { user: { _tags: ['\u0000'] } },
      },
      {
        method: 'PUT',
        url: '/api/v1/users',
        headers: a.auth,
        payload: { user: { link: 'https://example.com/\u0000' } },
      },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, remoteAddress: nextIp() });
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json().code, call.url).toBe('VALIDATION_ERROR');
    }
  });
});

describe('malformed multipart forms', () => {
  it.each([
    ['a body that is not multipart at all', 'garbage'],
    ['a truncated body', '--XX\nContent-Disposition: form-data; name="user"\n\n{}'],
    [
      'a truncated file',
      '--XX\nContent-Disposition: form-data; name="image"; filename="a.png"\n\nabc',
    ],
  ])('answer 400 for %s', async (_label, body) => {
    const a = await signedInUser(t.deps);
    for (const url of ['/api/v1/users', '/api/v1/profiles/media']) {
      const { payload, contentType } = form(body);
      const res = await t.app.inject({
        method: 'PUT',
        url,
        payload,
        headers: { ...a.auth, 'content-type': contentType },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(
        'The form could not be read. Send it as multipart/form-data.',
      );
    }
  });

  it('answer 400 when the boundary is missing', async () => {
    const a = await signedInUser(t.deps);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      payload: 'x',
      headers: { ...a.auth, 'content-type': 'multipart/form-data' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('logging a failed query', () => {
  it('keeps the bound values (password hash, email) out of the log', async () => {
    // Make the users insert fail inside the database, after the password has been hashed.
    await t.deps.database.db.execute(
      sql.raw(`alter table users add constraint probe_fail check (name <> 'Fail Me')`),
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        remoteAddress: nextIp(),
        payload: {
          username: 'fail-me',
          name: 'Fail Me',
          email: 'fail-me@example.test',
          password: 'password-123',
          accountType: 'buyer',
        },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.deps.database.db.execute(sql.raw('alter table users drop constraint probe_fail'));
    }
    const failed = log.entries().filter((e) => e.msg === 'request failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(JSON.stringify(failed)).toMatch(/Failed query: insert into/);
    expect(log.raw()).not.toMatch(/\$argon2id\$/);
    expect(log.raw()).not.toMatch(/fail-me@example\.test/);
  });
});
