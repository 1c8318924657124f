import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../../src/server/db/schema';
import { enqueueJob } from '../../../src/server/modules/core';
import { checkoutReminderJob, REMINDER_DELAY_MS } from '../../../src/server/modules/commerce';
import { updateNotificationSettings } from '../../../src/server/modules/notifications';
import { commerceApi } from '../../../src/shared/api/commerce';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, createTestOrder, readTestOrder } from '../../factories/commerce';
import { headersOf, mailsTo, unsubscribeLinks } from '../../factories/notifications';
import { typedCalls } from './checkout-support';

/**
 * The reminder for a checkout left behind (docs/decisions/075): an unpaid order that runs out of
 * time mails its buyer once, listing the items still for sale with a cart link that fills the
 * cart; never twice, never for an order the buyer cancelled, not when the buyer switched it off.
 * The clock is the test app's (advanceTime), the jobs run when the test says (runJobs).
 */
let t: TestApp;
const api = typedCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

const HOLD_MS = COMMERCE_LIMITS.holdMinutes * 60_000;
const reminders = async (email: string) =>
  (await mailsTo(t, email)).filter((m) => m.subject.includes('expired'));

async function abandoned() {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const lamp = await createProduct(t, maya.user, { title: 'Brass lamp', price: 40, stock: 3 });
  const mug = await createProduct(t, maya.user, { title: 'Blue mug', price: 12, stock: 1 });
  const order = await createTestOrder(t, sam.user.id, [
    { productId: lamp._id, amount: 2 },
    { productId: mug._id, amount: 1 },
  ]);
  return { maya, sam, lamp, mug, order };
}

const cartTokenOf = (text: string) => {
  const match = /\/checkout\?cart=([A-Za-z0-9_.%-]+)/.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
};

describe('the reminder of an expired checkout', () => {
  it('mails the buyer once, with the items still for sale and a link that fills the cart', async () => {
    const { sam, maya, lamp, mug, order } = await abandoned();
    await t.runJobs();
    expect(await reminders(sam.user.email)).toEqual([]);

    // The mug sells out to someone else once the hold ends; the lamp stays.
    t.advanceTime(HOLD_MS + 1000);
    await t.runJobs();
    expect((await readTestOrder(t, order._id)).status).toBe('cancelled');
    await t.deps.database.db.update(products).set({ stock: 0 }).where(eq(products.id, mug._id));
    expect(await reminders(sam.user.email)).toEqual([]);
    t.advanceTime(REMINDER_DELAY_MS);

    const [mail, ...more] = await reminders(sam.user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('2 × Brass lamp');
    expect(mail!.text).not.toContain('Blue mug');
    expect(mail!.text).not.toContain(maya.user.email);
    // The one-click unsubscribe of notification emails, and a link for this kind of email.
    const headers = await headersOf(t, mail!.file);
    expect(headers.get('list-unsubscribe')).toMatch(
      /\/api\/v1\/notifications\/unsubscribe\?token=/,
    );
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect([...unsubscribeLinks(mail!.text).keys()]).toContain(
      'Stop emails about orders left unpaid',
    );

    // The link is the signed cart link: opened (a day later) it gives the lamp back, priced now.
    t.advanceTime(24 * 60 * 60_000);
    const token = cartTokenOf(mail!.text);
    expect(token).not.toBeNull();
    const opened = await api.call(sam.auth, commerceApi.openCartLink, { query: { cart: token! } });
    expect(api.status()).toBe(200);
    expect(opened.items).toMatchObject([
      { _id: lamp._id, amount: 2 },
    ]);

    // Never twice: the job queued again (a retry, a replayed expiry) sends nothing more.
    await enqueueJob(t.moduleDeps(), checkoutReminderJob, { orderId: order._id });
    await t.runJobs();
    t.advanceTime(HOLD_MS);
    await t.runJobs();
    expect(await reminders(sam.user.email)).toHaveLength(1);
  });

  it('is never sent for an order the buyer cancelled', async () => {
    const { sam, order } = await abandoned();
    await api.call(sam.auth, commerceApi.cancelOrder, { body: { id: order._id } });
    expect(api.status()).toBe(200);
    t.advanceTime(HOLD_MS + 1000);
    await t.runJobs();
    // Even a reminder job queued for it by some other path sends nothing.
    await enqueueJob(t.moduleDeps(), checkoutReminderJob, { orderId: order._id });
    t.advanceTime(REMINDER_DELAY_MS);
    expect(await reminders(sam.user.email)).toEqual([]);
  });

  it('is not sent when the buyer switched it off, nor when nothing is left to buy', async () => {
    const quiet = await abandoned();
    await updateNotificationSettings(t.moduleDeps(), quiet.sam.user.id, {
      checkoutReminder: false,
    });
    const soldOut = await abandoned();
    t.advanceTime(HOLD_MS + 1000);
    await t.runJobs();
    await t.deps.database.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.userId, soldOut.maya.user.id));
    t.advanceTime(REMINDER_DELAY_MS);
    expect(await reminders(quiet.sam.user.email)).toEqual([]);
    expect(await reminders(soldOut.sam.user.email)).toEqual([]);
    const [row] = await t.deps.database.db
      .select({ remindedAt: orders.remindedAt })
      .from(orders)
      .where(eq(orders.id, quiet.order._id));
    expect(row!.remindedAt).toBeNull();
  });

  it('leaves out what the buyer has ordered again since', async () => {
    const { sam, lamp, mug } = await abandoned();
    t.advanceTime(HOLD_MS + 1000);
    await t.runJobs();
    // Between the expiry and the reminder the buyer buys the lamp again.
    await createPaidOrder(t, sam.user.id, [{ productId: lamp._id, amount: 1 }]);
    t.advanceTime(REMINDER_DELAY_MS);
    const [mail] = await reminders(sam.user.email);
    expect(mail!.text).toContain('1 × Blue mug');
    expect(mail!.text).not.toContain('Brass lamp');
    expect(cartTokenOf(mail!.text)).not.toBeNull();
    expect(mug.title).toBe('Blue mug');
  });

  it('gives the claim back when the mail server refuses, so the retry sends it once', async () => {
    const { sam, order } = await abandoned();
    const real = t.deps.mail;
    let refused = 0;
    t.deps.mail = {
      ...real,
      send: async (message) => {
        if (message.to !== sam.user.email) return real.send(message);
        refused += 1;
        throw new Error('mail server down');
      },
    };
    t.advanceTime(HOLD_MS + 1000);
    await t.runJobs();
    t.advanceTime(REMINDER_DELAY_MS);
    await t.runJobs();
    t.deps.mail = real;
    expect(refused).toBe(1);
    const [row] = await t.deps.database.db
      .select({ remindedAt: orders.remindedAt })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row!.remindedAt).toBeNull();
    t.advanceTime(60 * 60_000);
    await t.runJobs();
    expect(await reminders(sam.user.email)).toHaveLength(1);
  });
});
