import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/server/composition/setup';
import { users } from '../../../src/server/db/schema';
import { startSession } from '../../../src/server/modules/accounts';
import { silentLog } from '../../../src/server/modules/core';
import { moduleDeps } from '../../../src/server/composition/app-deps';
import { createTestApp, type TestApp } from '../../helpers/app';
import { offerCalls } from './offer-support';

/** The demo's offers (src/server/demo/offers.ts): sam's accepted one and one waiting for maya. */
let t: TestApp;
const api = offerCalls(() => t);
const auth = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.deps)).toBe(true);
  for (const u of await t.deps.database.db.select().from(users)) {
    const session = await startSession(moduleDeps(t.deps, silentLog), u);
    auth.set(u.username, { 'x-access-token': session.token });
  }
}, 120_000);
afterAll(() => t?.close());

describe('the demo seed’s offers', () => {
  it('shows sam an accepted offer for maya’s bowl, valid for most of its 48 hours', async () => {
    const { sent } = await api.mine(auth.get('sam')!);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      status: 'accepted',
      amount: 55,
      product: { title: 'Rust red serving bowl', price: 68, shippingCost: 9 },
      seller: { username: 'maya' },
    });
    expect(Date.parse(sent[0]!.expiresAt!) - t.moduleDeps().now()).toBeGreaterThan(40 * 3_600_000);
  });

  it('gives maya one offer to answer and one accepted', async () => {
    const { received } = await api.mine(auth.get('maya')!);
    expect(received.map((o) => [o.buyer.username, o.status]).sort()).toEqual([
      ['leo', 'pending'],
      ['sam', 'accepted'],
    ]);
  });
});
