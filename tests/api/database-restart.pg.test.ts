import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/postgres';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  expectServingWithoutDatabase,
  sellerWithCachedPages,
  visitPage,
} from '../helpers/database-away';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres';
import { productionWeb } from '../helpers/web-build';
import { inject, signedInUser } from '../factories/accounts';

/**
 * A PostgreSQL restart under a running app (docs/decisions/038), on a server of the test's own
 * (initdb in a temporary directory, port 54401): `pg_ctl stop -m fast` ends every session the way
 * an operator's restart or a failover does, then the server is gone until it is started again.
 */
const PORT = 54401;

let server: OwnPostgres;
let t: TestApp;
const lost: Error[] = [];
beforeAll(async () => {
  server = await startOwnPostgres(PORT);
  const database = await openPostgres(server.url, { onConnectionError: (err) => lost.push(err) });
  t = await createTestApp({}, {}, { database, web: productionWeb() });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await server?.dispose();
});

describe('a PostgreSQL restart', () => {
  it('is answered 503 with Retry-After while it lasts, and the app is whole again within 5 s of it', async () => {
    const cached = await sellerWithCachedPages(t);
    const member = await signedInUser(t.deps);
    const site = `/api/v1/sites?username=${cached.username}`;
    // Connections in the pool, to be cut by the stop.
    await Promise.all(Array.from({ length: 5 }, () => inject(t, { url: site })));

    await server.stop();
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    await expectServingWithoutDatabase(t, cached);

    await server.start();
    const restartedAt = performance.now();
    await expect
      .poll(async () => (await inject(t, { url: site })).statusCode, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(200);
    const recoveredMs = performance.now() - restartedAt;
    expect(recoveredMs).toBeLessThan(5_000);

    // Nothing left broken in the pool: every kind of call succeeds, one after another and at once.
    const calls = [
      () => inject(t, { url: site }),
      () => inject(t, { url: '/api/v1/health/ready' }),
      () => inject(t, { url: '/api/v1/users/me', headers: member.auth }),
      () => visitPage(t, cached.uncachedUrl),
    ];
    for (let round = 0; round < 5; round++) {
      for (const call of calls) expect((await call()).statusCode).toBe(200);
    }
    const together = await Promise.all(
      Array.from({ length: 10 }, () => calls.map((call) => call())).flat(),
    );
    expect(together.map((res) => res.statusCode)).toEqual(together.map(() => 200));
  });
});
