import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDriver, MailMessage } from '../../../src/server/adapters/mail/types';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, nextIp } from '../../factories/accounts';

/**
 * A slow mail server must not make "reset link" / "re-send activation" answer later for a real
 * account than for an unknown one: the answer comes first, the email follows (from the job queue).
 */
describe('account emails are delivered after the answer', () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let release: () => void = () => {};
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  let open = gate();
  const slowMail: MailDriver = {
    name: 'smtp',
    async send(message) {
      await open;
      sent.push(message);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ mail: slowMail });
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  const post = (url: string, email: string) =>
    t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: nextIp() });

  it.each([
    ['/api/v1/users/password-reset-link', true],
    ['/api/v1/re-send-account-verification', false],
  ])('%s answers while the mail server is still busy', async (url, activated) => {
    const { user } = await createUser(t.deps, { activated });
    open = gate();
    const before = sent.length;
    const res = await post(url, user.email);
    expect(res.statusCode).toBe(200);
    // Answered, yet nothing has been delivered: the mail server has not let it through.
    expect(sent.length).toBe(before);
    // The worker is now stuck on the mail server; letting it through delivers exactly one email.
    const delivering = t.runJobs();
    expect(sent.length).toBe(before);
    release();
    expect(await delivering).toBe(1);
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)?.to).toBe(user.email);
  });
});
