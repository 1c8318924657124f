import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleDeps } from '../../../src/server/composition/app-deps';
import { startSession } from '../../../src/server/modules/accounts';
import { silentLog } from '../../../src/server/modules/core';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/accounts';
import { follow, linkCalls, refusal } from './link-helpers';

/**
 * Link windows in the seller's time zone, and the 7- and 30-day click counts (docs/decisions/065).
 * The app's clock is this file's own: set to the instants around each edge.
 */
let t: TestApp;
let clock = Date.parse('2026-06-30T00:00:00Z');
const calls = linkCalls(() => t);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

/** A seller whose site is in `timeZone`, with a session valid at the current clock. */
async function sellerIn(timeZone: string) {
  const { user } = await createUser(t.deps, { accountType: 'seller' });
  const auth = async () => {
    const session = await startSession(moduleDeps(t.deps, silentLog), user);
    return { 'x-access-token': session.token };
  };
  await calls.timeZone(await auth(), timeZone);
  return { user, auth };
}

const liveTitles = async (username: string) => (await calls.shown(username)).links.map((l) => l.title);

describe('show from / until, read in the seller’s time zone', () => {
  it.each([
    // July 1st, midnight in Auckland (NZST, UTC+12) is June 30th, 12:00 UTC.
    ['Pacific/Auckland', '2026-06-30T12:00:00.000Z', '2026-07-01T12:00:00.000Z'],
    // …and in Los Angeles (PDT, UTC−7) July 1st, 07:00 UTC.
    ['America/Los_Angeles', '2026-07-01T07:00:00.000Z', '2026-07-02T07:00:00.000Z'],
  ])('%s: a day-long window opens and closes at the seller’s midnights', async (zone, opens, closes) => {
    const s = await sellerIn(zone);
    const site = await calls.save(await s.auth(), [
      { title: 'July 1st only', url: 'https://example.com/sale', showFrom: '2026-07-01T00:00', showUntil: '2026-07-02T00:00' },
    ]);
    const link = site.links[0]!;
    expect(link).toMatchObject({ showFrom: '2026-07-01T00:00', showUntil: '2026-07-02T00:00', showFromAt: opens, showUntilAt: closes });
    const at = async (instant: number) => {
      clock = instant;
      const res = await follow(t, link._id);
      return { shown: await liveTitles(s.user.username), status: res.statusCode };
    };
    expect(await at(Date.parse(opens) - 1000)).toEqual({ shown: [], status: 404 });
    expect(await at(Date.parse(opens))).toEqual({ shown: ['July 1st only'], status: 302 });
    expect(await at(Date.parse(closes) - 1000)).toEqual({ shown: ['July 1st only'], status: 302 });
    expect(await at(Date.parse(closes))).toEqual({ shown: [], status: 404 });
    expect((await calls.mine(await s.auth())).links[0]!.live).toBe(false);
  });

  it('takes instants with an offset too, and keeps them when the zone changes', async () => {
    clock = Date.parse('2026-06-30T00:00:00Z');
    const s = await sellerIn('Pacific/Auckland');
    const saved = await calls.save(await s.auth(), [
      { title: 'Instant', url: 'https://example.com', showFrom: '2026-07-01T00:00:00+12:00' },
    ]);
    expect(saved.links[0]).toMatchObject({ showFrom: '2026-07-01T00:00', showFromAt: '2026-06-30T12:00:00.000Z' });
    await calls.timeZone(await s.auth(), 'america/los_angeles');
    const moved = await calls.mine(await s.auth());
    expect(moved.timeZone).toBe('America/Los_Angeles');
    expect(moved.links[0]).toMatchObject({ showFrom: '2026-06-30T05:00', showFromAt: '2026-06-30T12:00:00.000Z' });
  });

  it('refuses a window that ends before it starts, an impossible date and an unknown zone', async () => {
    clock = Date.parse('2026-06-30T00:00:00Z');
    const s = await sellerIn('UTC');
    const auth = await s.auth();
    const backwards = await refusal(
      calls.save(auth, [{ title: 'X', url: 'https://example.com', showFrom: '2026-07-02T00:00', showUntil: '2026-07-01T00:00' }]),
    );
    expect(backwards.message).toMatch(/stop showing after it starts/);
    const impossible = await refusal(calls.save(auth, [{ title: 'X', url: 'https://example.com', showFrom: '2026-02-30T10:00' }]));
    expect(impossible.message).toMatch(/use a date and time such as/);
    const zone = await refusal(calls.timeZone(auth, 'Mars/Olympus_Mons'));
    expect(zone.message).toMatch(/This is not a time zone\. Choose one such as Europe\/Paris/);
  });
});

describe('clicks of the last 7 and 30 days', () => {
  it('counts by the seller’s days and lets old days fall out', async () => {
    clock = Date.parse('2026-03-01T10:00:00Z');
    const s = await sellerIn('Pacific/Auckland');
    const id = (await calls.save(await s.auth(), [{ title: 'Shop', url: 'https://example.com' }])).links[0]!._id;
    const clickAt = async (iso: string, n = 1) => {
      clock = Date.parse(iso);
      for (let i = 0; i < n; i++) expect((await follow(t, id)).statusCode).toBe(302);
    };
    const clicksAt = async (iso: string) => {
      clock = Date.parse(iso);
      return (await calls.mine(await s.auth())).links[0]!.clicks;
    };
    await clickAt('2026-03-01T10:00:00Z', 2); // March 1st, 23:00 in Auckland
    await clickAt('2026-03-01T11:30:00Z'); // March 2nd, 00:30 there: the next day
    expect(await clicksAt('2026-03-01T12:00:00Z')).toEqual({ last7: 3, last30: 3 });
    // March 8th in Auckland: March 1st is 8 days back, March 2nd the 7th day.
    expect(await clicksAt('2026-03-08T01:00:00Z')).toEqual({ last7: 1, last30: 3 });
    await clickAt('2026-03-20T00:00:00Z', 4);
    // March 31st there: March 1st and 2nd are 31 and 30 days back (out, in).
    expect(await clicksAt('2026-03-31T01:00:00Z')).toEqual({ last7: 0, last30: 5 });
    expect(await clicksAt('2026-04-30T01:00:00Z')).toEqual({ last7: 0, last30: 0 });
  });
});
