import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { seedDemo } from '../../../src/server/composition/setup';
import { moduleDeps } from '../../../src/server/composition/app-deps';
import { startSession } from '../../../src/server/modules/accounts';
import { silentLog } from '../../../src/server/modules/core';
import { createTestApp, type TestApp } from '../../helpers/app';
import { follow, linkCalls } from './link-helpers';

/** The demo sellers' links (src/server/demo/links.ts, issue 25). */
let t: TestApp;
const calls = linkCalls(() => t);

// Seeding processes every demo photo: the allowance of the other demo seed tests.
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.deps)).toBe(true);
}, 120_000);
afterAll(() => t?.close());

async function ownerView(username: string) {
  const [user] = await t.deps.database.db.select().from(users).where(eq(users.username, username));
  const session = await startSession(moduleDeps(t.deps, silentLog), user!);
  return calls.mine({ 'x-access-token': session.token });
}

describe('the demo sellers’ links', () => {
  it.each(['maya', 'leo'])('%s has 4–6 links: social icons, one featured, one scheduled, one off, counted clicks', async (name) => {
    const site = await ownerView(name);
    expect(site.links.length).toBeGreaterThanOrEqual(4);
    expect(site.links.length).toBeLessThanOrEqual(6);
    expect(site.links.filter((l) => l.social).length).toBeGreaterThanOrEqual(2);
    expect(site.links.filter((l) => l.featured)).toHaveLength(1);
    const scheduled = site.links.filter((l) => l.enabled && !l.live && l.showFromAt);
    expect(scheduled).toHaveLength(1);
    expect(Date.parse(scheduled[0]!.showFromAt!)).toBeGreaterThan(t.deps.now!());
    expect(site.links.filter((l) => !l.enabled)).toHaveLength(1);
    expect(site.links.some((l) => l.clicks.last7 > 0 && l.clicks.last30 > l.clicks.last7)).toBe(true);
    expect(site.links.filter((l) => !l.live).every((l) => l.clicks.last30 === 0)).toBe(true);
    // Visitors see the live ones, and each opens.
    const shown = await calls.shown(name);
    expect(shown.links.map((l) => l._id)).toEqual(site.links.filter((l) => l.live).map((l) => l._id));
    for (const link of shown.links) expect((await follow(t, link._id)).statusCode).toBe(302);
    expect(new Set(shown.links.filter((l) => l.social).map((l) => l.icon)).has('link')).toBe(false);
  });
});
