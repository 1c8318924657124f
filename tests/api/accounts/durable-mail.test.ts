import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpDriver } from '../../../src/server/adapters/mail/smtp';
import { listJobs } from '../../../src/server/modules/core';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createReopenableDatabase } from '../../helpers/database';
import { downSmtpServer, type SmtpHarness } from '../../helpers/smtp';
import { nextIp, registrationBody, signedInUser } from '../../factories/accounts';

/**
 * Account email goes through the durable job queue: with the mail server down, registration still
 * succeeds at once; the email is retried with backoff and delivered exactly once when the server
 * is back — even when the process restarted in between.
 */
const HOUR = 60 * 60 * 1000;
const quiet = { info() {}, warn() {}, error() {} };
const smtpDriver = (smtp: SmtpHarness) =>
  createSmtpDriver({ url: smtp.url, from: 'Shop <no-reply@shop.test>', logger: quiet, retryDelaysMs: [] });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function register(t: TestApp) {
  const body = registrationBody();
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', payload: body, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(201);
  return body;
}

const activationMailsTo = (smtp: SmtpHarness, email: string) =>
  smtp.received.filter((raw) => raw.includes(`To: ${email}`) && raw.includes('activate-account'));

describe('account email while the mail server is down', () => {
  it('registration succeeds, the email waits, and arrives exactly once when SMTP is back', async () => {
    const smtp = await downSmtpServer();
    cleanups.push(() => smtp.stop());
    const t = await createTestApp({ mail: smtpDriver(smtp) });
    cleanups.push(() => t.close());

    const body = await register(t);
    expect(await t.runJobs()).toBe(1); // tried: refused
    const [job] = await listJobs({ db: t.deps.database.db }, {});
    expect(job).toMatchObject({ name: 'accounts.mail', status: 'queued', attempts: 1 });
    expect(job!.lastError).toBeTruthy();

    t.advanceTime(HOUR);
    expect(await t.runJobs()).toBe(1); // still down: tried again
    await smtp.start();
    expect(await t.runJobs()).toBe(0); // backing off: not due yet
    t.advanceTime(HOUR);
    expect(await t.runJobs()).toBe(1);
    t.advanceTime(HOUR);
    expect(await t.runJobs()).toBe(0);
    expect(activationMailsTo(smtp, body.email)).toHaveLength(1);
    expect((await listJobs({ db: t.deps.database.db }, { status: 'done' }))[0]?.attempts).toBe(3);
  });

  it('a restart in between loses nothing and sends nothing twice', async () => {
    const smtp = await downSmtpServer();
    cleanups.push(() => smtp.stop());
    const store = await createReopenableDatabase();
    cleanups.push(() => store.dispose());

    // First process: registers, fails to deliver, stops.
    const first = await createTestApp({ mail: smtpDriver(smtp) }, {}, { database: await store.open() });
    const body = await register(first);
    expect(await first.runJobs()).toBe(1);
    await first.close();

    // The mail server comes back; a new process on the same database picks the email up.
    await smtp.start();
    const second = await createTestApp({ mail: smtpDriver(smtp) }, {}, { database: await store.open() });
    cleanups.push(() => second.close());
    second.advanceTime(HOUR);
    expect(await second.runJobs()).toBe(1);
    second.advanceTime(HOUR);
    expect(await second.runJobs()).toBe(0);
    expect(activationMailsTo(smtp, body.email)).toHaveLength(1);
  });

  it('after its last try a job stays visible as failed, with its error, to admins', async () => {
    const smtp = await downSmtpServer();
    const t = await createTestApp({ mail: smtpDriver(smtp) });
    cleanups.push(() => t.close());
    await register(t);
    for (let i = 0; i < 10; i++) {
      expect(await t.runJobs()).toBe(1);
      t.advanceTime(2 * HOUR);
    }
    expect(await t.runJobs()).toBe(0);
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const res = await t.app.inject({
      url: '/api/v1/admin/jobs?status=failed',
      headers: { 'x-access-token': admin.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().jobs).toEqual([
      expect.objectContaining({ name: 'accounts.mail', status: 'failed', attempts: 10, lastError: expect.stringMatching(/deliver/i) }),
    ]);
  });
});
