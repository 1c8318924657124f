import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/server/config/env';
import { sites, users } from '../../../src/server/db/schema';
import { DEMO_PASSWORD, prepareData } from '../../../src/server/composition/setup';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, recordingLogger } from '../../factories/accounts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(env: Record<string, string>) {
  const log = recordingLogger();
  t = await createTestApp({ logger: log.logger });
  t.deps.env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    APP_URL: 'http://localhost:3000',
    ...env,
  });
  return { t, log };
}
const userCount = async (app: TestApp) =>
  (await app.deps.database.db.select({ n: count() }).from(users))[0]!.n;
const login = (app: TestApp, email: string, password: string) =>
  app.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });

// Seeding processes every demo photo: the same allowance as the demo seed test (media-demo-seed).
describe('prepareData', { timeout: 90_000 }, () => {
  it('seeds the demo once into an empty database, in branded sites, with working logins', async () => {
    const { t, log } = await appWith({ SEED_DEMO: 'true' });
    expect(await prepareData(t.deps)).toEqual({ demo: true });
    const rows = await t.deps.database.db.select().from(users).orderBy(users.username);
    expect(rows.map((u) => [u.username, u.name, u.accountType])).toEqual([
      ['leo', 'Leo Park', 'both'],
      ['maya', 'Maya Chen', 'seller'],
      ['sam', 'Sam Rivera', 'buyer'],
    ]);
    expect(rows.every((u) => u.activatedAt !== null && u.role === 'user')).toBe(true);
    const siteRows = await t.deps.database.db.select().from(sites);
    expect(siteRows).toHaveLength(3);
    const maya = await t.app.inject({ url: '/api/v1/sites?username=maya' });
    const leo = await t.app.inject({ url: '/api/v1/sites?username=leo' });
    expect(maya.json().headerBackgroundColor).not.toBe(leo.json().headerBackgroundColor);
    expect(leo.json().headerBranding).toBe('both');
    // Both carry a generated logo, stored and served like an uploaded one.
    for (const site of [maya.json(), leo.json()]) {
      expect(site.image.fullsize).toMatch(/^\/media\/logos\/.+-full\.webp$/);
      const logo = await t.app.inject({ url: site.image.thumbnail });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/webp');
    }
    for (const name of ['maya', 'leo', 'sam'])
      expect((await login(t, name, DEMO_PASSWORD)).statusCode).toBe(200);
    // Four weeks of insights for both sellers (issue 26): views most days, from several sources, and sales.
    for (const name of ['maya', 'leo']) {
      const token = (await login(t, name, DEMO_PASSWORD)).json().user.token as string;
      const seen = await t.app.inject({ url: '/api/v1/insights?range=30d', headers: { 'x-access-token': token } });
      const { totals, bySource, daily } = seen.json();
      expect(totals.views).toBeGreaterThan(1000);
      expect(totals.visitors).toBeLessThan(totals.views);
      expect(totals.orders).toBeGreaterThan(3);
      expect(totals.revenue).toBeGreaterThan(0);
      expect(bySource.length).toBeGreaterThanOrEqual(5);
      expect(daily.filter((d: { views: number }) => d.views > 0).length).toBeGreaterThanOrEqual(27);
    }
    expect(
      log
        .entries()
        .some((e) => e.msg.includes('demo data seeded') && e.msg.includes(DEMO_PASSWORD)),
    ).toBe(true);

    // Idempotent: a restart adds nothing, and still knows the demo logins work (npm start names them).
    expect(await prepareData(t.deps)).toEqual({ demo: true });
    expect(await userCount(t)).toBe(3);
  });

  it('does not seed a database that already has users, nor when SEED_DEMO=false', async () => {
    const { t } = await appWith({ SEED_DEMO: 'true' });
    await createUser(t.deps);
    expect(await prepareData(t.deps)).toEqual({ demo: false });
    expect(await userCount(t)).toBe(1);

    t.deps.env = loadEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir, SEED_DEMO: 'false' });
    await t.deps.database.db.delete(users);
    await prepareData(t.deps);
    expect(await userCount(t)).toBe(0);
  });

  it('on a restart (accounts exist) only reads: no password hashed, no lock taken, nothing written', async () => {
    const statements: string[] = [];
    t = await createTestApp({}, { SEED_DEMO: 'true' }, { onQuery: (sql) => statements.push(sql) });
    await createUser(t.deps);
    statements.length = 0;
    expect(await prepareData(t.deps)).toEqual({ demo: false });
    // Whether any account exists, then whether the demo's do (for the terminal's lines).
    expect(statements).toHaveLength(2);
    expect(statements.every((sql) => /^select /i.test(sql))).toBe(true);
  });

  it('creates the configured super admin once, activated, with a free non-reserved username', async () => {
    const { t } = await appWith({
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'Admin@Shop.Example',
      ADMIN_PASSWORD: 'admin-secret-1',
    });
    await prepareData(t.deps);
    await prepareData(t.deps);
    const admins = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.role, 'superAdmin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'admin@shop.example', username: 'admin-2' });
    expect(admins[0]!.activatedAt).not.toBeNull();
    expect((await login(t, 'admin@shop.example', 'admin-secret-1')).statusCode).toBe(200);
  });

  it('seeds the demo and then adds the admin on a fresh database; leaves an existing admin email alone', async () => {
    const { t } = await appWith({
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'maya@demo.storefront.test',
      ADMIN_PASSWORD: 'admin-secret-1',
    });
    await prepareData(t.deps);
    expect(await userCount(t)).toBe(3); // the address already has an account: nothing created, nothing changed
    const [maya] = await t.deps.database.db.select().from(users).where(eq(users.username, 'maya'));
    expect(maya!.role).toBe('user');

    t.deps.env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'ops@shop.example',
      ADMIN_PASSWORD: 'admin-secret-1',
    });
    await prepareData(t.deps);
    const [ops] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ops@shop.example'));
    expect(ops).toMatchObject({ username: 'ops', role: 'superAdmin' });
  });
});
