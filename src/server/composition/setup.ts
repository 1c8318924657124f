import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sites, users, type UserRow } from '../db/schema';
import { seedDemoPosts } from '../demo/seed-posts';
import { DEMO_SITES, seedDemoLogos } from '../demo/sites';
import { seedDemoOffers } from '../demo/offers';
import { seedDemoSocial } from '../demo/social';
import { seedDemoCommerce } from '../demo/commerce';
import { seedDemoDiscounts } from '../demo/discounts';
import { seedDemoReturns } from '../demo/returns';
import { seedDemoInsights } from '../demo/insights';
import { seedDemoLinks } from '../demo/links';
import { moduleDeps, type AppDeps } from './app-deps';
import { inTransaction, silentLog } from '../modules/core';
import { seedDemoSubscription } from '../modules/plans';
import {
  createAccount,
  deriveUsername,
  findUserByEmail,
  hashPassword,
  type NewAccount,
} from '../modules/accounts';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
const quiet: Log = { info() {}, warn() {} } as unknown as Log;

export const DEMO_PASSWORD = 'demo-pass-123';
/** The custom domain of leo's demo site, seeded as verified. */
export const DEMO_SITE_DOMAIN = 'leo.demo.storefront.test';

type DemoAccount = Omit<NewAccount, 'passwordHash'>;

/** A small, realistic cast: two branded sellers (with the posts of demo/posts.ts) and a buyer. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'maya',
    name: 'Maya Chen',
    email: 'maya@demo.storefront.test',
    accountType: 'seller',
    bio: 'Handmade ceramics from my studio in Portland: mugs, bowls and planters, glazed and fired in small batches.',
    link: 'https://example.com/maya-ceramics',
    tags: ['ceramics', 'handmade', 'pottery'],
    site: DEMO_SITES.maya,
  },
  {
    username: 'leo',
    name: 'Leo Park',
    email: 'leo@demo.storefront.test',
    accountType: 'both',
    bio: 'Vintage PC hardware, tested and cleaned: sound cards, graphics cards and retro builds. I buy parts too.',
    link: 'https://example.com/leo-retro',
    tags: ['vintage', 'pc-hardware', 'retro-computing'],
    // Seeded with a verified custom domain (below): the demo of custom domains, and what the
    // end-to-end suite visits (a browser told where the host is). `.test` is reserved (RFC 2606):
    // no DNS answers for it, so no real domain is ever claimed. docs/decisions/017.
    site: { ...DEMO_SITES.leo, domainName: DEMO_SITE_DOMAIN },
  },
  {
    username: 'sam',
    name: 'Sam Rivera',
    email: 'sam@demo.storefront.test',
    accountType: 'buyer',
    bio: 'Collector of mugs and old sound cards.',
    tags: ['ceramics', 'retro-computing'],
  },
];

function loggerOf(deps: AppDeps): Log {
  return deps.logger && typeof deps.logger === 'object' ? deps.logger : quiet;
}

/**
 * Takes a transaction's advisory lock, waiting as long as the instance holding it needs: instances
 * started together queue here while the first seeds, which may take longer than the pool's
 * statement timeout (DATABASE_STATEMENT_TIMEOUT_MS), so this transaction has none.
 */
async function waitForLock(db: Db, name: string): Promise<void> {
  await db.execute(sql`set local statement_timeout = 0`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** The demo is seeded into a database without any account only. */
async function hasAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/**
 * Seeds the demo into an empty database: the accounts, their sites' logos, their posts with
 * generated photos, then what they did with each other (follows, likes, comments, messages).
 * One transaction under an advisory lock, re-checking emptiness inside it, so two instances
 * starting together seed once and a restart seeds nothing. Photos are files, outside the
 * transaction: if the seed fails, the ones it wrote are deleted again.
 */
export async function seedDemo(deps: AppDeps, log: Log = loggerOf(deps)): Promise<boolean> {
  // A restart (accounts exist): one read, without the password hash (argon2, tens of ms of CPU)
  // and the locked transaction below, which would find the same (docs/decisions/055).
  if (await hasAccounts(deps.database.db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date(deps.now?.() ?? Date.now());
  const written: string[] = [];
  let posts = 0;
  const started = performance.now();
  try {
    const seeded = await inTransaction(moduleDeps(deps, silentLog), async (tx) => {
      await waitForLock(tx.db, 'storefront:seed-demo');
      if (await hasAccounts(tx.db)) return false;
      const sellers = new Map<string, UserRow>();
      for (const account of DEMO_ACCOUNTS) {
        const { user } = await createAccount(tx, { ...account, passwordHash, activatedAt: now });
        sellers.set(user.username, user);
      }
      await seedDemoLogos(tx, sellers, written);
      await tx.db
        .update(sites)
        .set({ domainVerifiedAt: now })
        .where(eq(sites.domainName, DEMO_SITE_DOMAIN));
      // leo's own domain needs a plan that includes one (docs/decisions/032): he is on Creator;
      // maya, a shop with a full catalogue, on Business. sam buys on the Free plan.
      await seedDemoSubscription(tx, sellers.get('leo')!.id, 'creator', 'year');
      await seedDemoSubscription(tx, sellers.get('maya')!.id, 'business', 'month');
      posts = await seedDemoPosts(tx, sellers, written);
      // Each seller's links, one featured, one scheduled, one off, with counted clicks (demo/links.ts).
      await seedDemoLinks(tx, sellers);
      // Follows, likes, comments and messages between the three (src/server/demo/social.ts).
      await seedDemoSocial(tx.db, sellers, now.getTime());
      // An accepted offer (sam's price for the bowl) and one waiting for maya (demo/offers.ts).
      await seedDemoOffers(tx.db, sellers, now.getTime());
      // Orders, a sale to ship, payouts and ratings (src/server/demo/commerce.ts).
      await seedDemoCommerce(tx, sellers, now.getTime());
      // A discount code each for the sellers (src/server/demo/discounts.ts).
      await seedDemoDiscounts(tx, sellers);
      // A refund request on the mug, waiting for maya's answer (src/server/demo/returns.ts).
      await seedDemoReturns(tx, sellers, now.getTime());
      // Four weeks of visits, clicks, carts and sales for /insights (src/server/demo/insights.ts).
      await seedDemoInsights(tx, sellers);
      return true;
    });
    if (seeded) {
      log.info(
        {
          logins: DEMO_ACCOUNTS.map((a) => `${a.username} / ${a.email}`),
          password: DEMO_PASSWORD,
          posts,
          ms: Math.round(performance.now() - started),
        },
        `demo data seeded: log in as maya, leo or sam with password ${DEMO_PASSWORD}`,
      );
    }
    return seeded;
  } catch (err) {
    await Promise.allSettled(written.map((key) => deps.storage.delete(key)));
    throw err;
  }
}

/** Creates the configured super admin (already activated) unless an account has that email. */
export async function ensureAdmin(deps: AppDeps, log: Log = loggerOf(deps)): Promise<boolean> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.env;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return false;
  const email = ADMIN_EMAIL.trim().toLowerCase();
  if (await findUserByEmail(deps.database.db, email)) return false;
  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  const now = new Date(deps.now?.() ?? Date.now());
  const created = await inTransaction(moduleDeps(deps, silentLog), async (tx) => {
    await waitForLock(tx.db, 'storefront:ensure-admin');
    if (await findUserByEmail(tx.db, email)) return null;
    const username = await deriveUsername(tx.db, email.split('@')[0] ?? 'admin');
    await createAccount(tx, {
      username,
      name: 'Administrator',
      email,
      passwordHash,
      accountType: 'both',
      role: 'superAdmin',
      activatedAt: now,
    });
    return username;
  });
  if (created)
    log.info({ email, username: created }, 'super admin account created from ADMIN_EMAIL');
  return created !== null;
}

/** What start-up left in the database that a person at the terminal can use. */
export interface PreparedData {
  /** The demo accounts exist (seeded now or on an earlier start), so their logins work. */
  demo: boolean;
}

/** Start-up data: on an empty database the demo (unless SEED_DEMO=false), then the configured super admin. */
export async function prepareData(deps: AppDeps): Promise<PreparedData> {
  // Demo first: it only seeds an empty database, which the admin account would no longer be.
  const seeded = deps.env.SEED_DEMO ? await seedDemo(deps) : false;
  await ensureAdmin(deps);
  const demo =
    seeded ||
    (deps.env.SEED_DEMO &&
      Boolean(await findUserByEmail(deps.database.db, DEMO_ACCOUNTS[0]!.email)));
  return { demo };
}
