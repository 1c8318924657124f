/**
 * The checkout bench's buyers, written into the database before the app starts (through the app's
 * own modules: accounts, addresses, sessions), so that no rate-limited register/login run is
 * measured or waited for. The app is then started with the same JWT_SECRET and APP_URL, so the
 * access tokens minted here are valid there (15 minutes: longer than a run).
 */
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/config/env';
import { createAccount, hashPassword, startSession } from '../src/server/modules/accounts';
import { createAddress } from '../src/server/modules/commerce';
import { silentLog, type ModuleDeps } from '../src/server/modules/core';
import { BUYER_ADDRESS } from '../tests/helpers/checkout-data';

export interface SeededBuyer {
  token: string;
  addressId: string;
}

export interface SeededAccounts {
  seller: { token: string };
  buyers: SeededBuyer[];
}

/**
 * One seller and `count` buyers with a saved address and a session each, in the database the app
 * configured by `appEnv` will open (DATABASE_URL, or the embedded one in DATA_DIR).
 */
export async function seedAccounts(
  appEnv: Record<string, string>,
  count: number,
): Promise<SeededAccounts> {
  const env = loadEnv({ ...process.env, ...appEnv });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    // Only what accounts, addresses and sessions use: no mail, storage or payments are touched.
    const deps = {
      db: database.db,
      env,
      now: Date.now,
      log: silentLog,
      secret: env.JWT_SECRET!,
    } as Pick<ModuleDeps, 'db' | 'env' | 'now' | 'log' | 'secret'> as ModuleDeps;
    // Argon2 is slow on purpose: every bench account shares one hash (none of them logs in).
    const passwordHash = await hashPassword('bench-checkout-pass');
    const account = async (name: string, accountType: 'seller' | 'buyer') => {
      const { user } = await createAccount(deps, {
        username: name,
        name: `Bench ${name}`,
        email: `${name}@bench.test`,
        passwordHash,
        accountType,
        role: 'user',
        activatedAt: new Date(),
      });
      return { user, token: (await startSession(deps, user)).token };
    };
    const seller = await account('benchseller', 'seller');
    const buyers: SeededBuyer[] = [];
    // A few at a time: PostgreSQL takes them in parallel, PGlite queues them anyway.
    for (let first = 0; first < count; first += 20) {
      const batch = Array.from({ length: Math.min(20, count - first) }, (_, k) => first + k);
      buyers.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const { user, token } = await account(`benchbuyer${i}`, 'buyer');
            const address = await createAddress(deps, user.id, {
              line2: '',
              phone: '',
              ...BUYER_ADDRESS,
            });
            return { token, addressId: address._id };
          }),
        )),
      );
    }
    return { seller: { token: seller.token }, buyers };
  } finally {
    await database.close();
  }
}
