import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import * as tar from 'tar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/config/env';
import { createRuntime, type Runtime } from '../../src/server/composition/runtime';
import { buildApp } from '../../src/server/http/boot/app';
import { addresses, orderItems, orders, products } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import type { LocalStorageDriver } from '../../src/server/adapters/storage';
import { backupCommand, restoreCommand } from '../../src/server/backup/commands';
import { controlSocketPath } from '../../src/server/backup/frames';
import { takeSnapshot } from '../../src/server/backup/snapshot';
import { signedInUser } from '../factories/accounts';
import { TEST_ADDRESS } from '../factories/commerce';
import { deletePost, orderOf, postWithPhoto, type Auth } from '../helpers/backup-writes';

/**
 * Backups of the embedded default (docs/decisions/041), on a real file-backed PGlite DATA_DIR
 * opened the way `npm start` opens it (createRuntime: lock, generated secret, control socket).
 */
const quiet = pino({ level: 'silent' });
const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sf-${name}-`));
  dirs.push(dir);
  return dir;
};
const envFor = (dataDir: string, extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', ...extra });
const lines: string[] = [];
const out = { line: (text: string) => lines.push(text) };

async function start(dataDir: string) {
  const runtime = await createRuntime(envFor(dataDir), quiet);
  const app = await buildApp(runtime.deps);
  await app.ready();
  return { runtime, app, db: runtime.deps.database.db };
}

/** Every media key the posts in a database refer to, by post. */
async function mediaKeys(db: Db, ids?: string[]) {
  const rows = await db
    .select({ id: products.id, medias: products.medias })
    .from(products)
    .where(ids ? inArray(products.id, ids) : undefined);
  return new Map(rows.map((r) => [r.id, r.medias.flatMap((m) => m.keys)]));
}

let source: { runtime: Runtime; app: FastifyInstance; db: Db };
let sourceDir: string;
let seller: { auth: Auth; token: string };
let buyer: { auth: Auth; addressId: string };

beforeAll(async () => {
  sourceDir = await tempDir('backup-source');
  source = await start(sourceDir);
  const sellerUser = await signedInUser(source.runtime.deps, {
    accountType: 'seller',
    plan: 'business',
  });
  seller = { auth: sellerUser.auth, token: sellerUser.token };
  const buyerUser = await signedInUser(source.runtime.deps, { accountType: 'buyer' });
  const [address] = await source.db
    .insert(addresses)
    .values({
      userId: buyerUser.user.id,
      address: TEST_ADDRESS,
    })
    .returning();
  buyer = { auth: buyerUser.auth, addressId: address!.id };
});
beforeEach(() => {
  lines.length = 0;
});
afterAll(async () => {
  await source?.runtime.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('npm run backup / npm run restore', () => {
  it('the control socket of the running server is owner-only', async () => {
    const info = await stat(controlSocketPath(sourceDir));
    expect(info.isSocket()).toBe(true);
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('a backup taken while writes go on restores every acknowledged post, order and file, and nothing half', async () => {
    const { app } = source;
    // Acknowledged: answered 2xx before the backup call began.
    const posts: string[] = [];
    for (let i = 0; i < 3; i++) posts.push(await postWithPhoto(app, seller.auth));
    const doomed: string[] = [];
    for (let i = 0; i < 3; i++) doomed.push(await postWithPhoto(app, seller.auth));
    const ordersBefore: string[] = [];
    for (const id of posts) ordersBefore.push(await orderOf(app, buyer.auth, id, buyer.addressId));
    const acknowledgedKeys = await mediaKeys(source.db, posts);

    // During the backup: new posts with photos, new orders, deletions whose files a job deletes.
    let backingUp = true;
    const during = { posts: 0, orders: 0, deleted: 0 };
    const writers = [
      (async () => {
        while (backingUp) {
          await postWithPhoto(app, seller.auth);
          during.posts += 1;
        }
      })(),
      (async () => {
        // At most 20: a member may place 30 orders in 10 minutes.
        for (let i = 0; backingUp && i < 20; i++) {
          await orderOf(app, buyer.auth, posts[i % posts.length]!, buyer.addressId);
          during.orders += 1;
        }
      })(),
      (async () => {
        for (const id of doomed) {
          await deletePost(app, seller.auth, id);
          await source.runtime.jobs.runDue();
          during.deleted += 1;
        }
      })(),
    ];
    const file = path.join(await tempDir('backup-files'), 'during-writes.tar');
    const made = await backupCommand(envFor(sourceDir), file, out).finally(
      () => (backingUp = false),
    );
    await Promise.all(writers);
    expect(made.manifest.origin).toBe('running server');
    expect(lines.join('\n')).toMatch(/Backup written to .*by the running server/);
    expect(during.posts + during.orders).toBeGreaterThan(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const restoredDir = path.join(await tempDir('backup-restored'), 'data');
    await restoreCommand(envFor(restoredDir), file, out);
    const restored = await start(restoredDir);
    try {
      // The signing secret came along: the seller's session from before still works.
      expect(await readFile(path.join(restoredDir, 'secret'), 'utf8')).toBe(
        await readFile(path.join(sourceDir, 'secret'), 'utf8'),
      );
      const me = await restored.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: seller.auth,
      });
      expect(me.statusCode).toBe(200);

      for (const id of posts) {
        const res = await restored.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
        expect(res.statusCode, id).toBe(200);
        for (const key of acknowledgedKeys.get(id)!) {
          expect(await readFile(path.join(restoredDir, 'media', key))).toEqual(
            await readFile(path.join(sourceDir, 'media', key)),
          );
        }
      }
      const restoredOrders = await restored.db
        .select()
        .from(orders)
        .where(inArray(orders.id, ordersBefore));
      expect(restoredOrders).toHaveLength(ordersBefore.length);

      // Never half: every post the snapshot has (made or deleted meanwhile) has all its files,
      // and every order all its items, as in the source.
      for (const [id, keys] of await mediaKeys(restored.db)) {
        for (const key of keys)
          expect((await stat(path.join(restoredDir, 'media', key))).size, id).toBeGreaterThan(0);
      }
      for (const order of await restored.db.select({ id: orders.id }).from(orders)) {
        const items = (db: Db) =>
          db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        expect((await items(restored.db)).length).toBe((await items(source.db)).length);
      }
    } finally {
      await restored.runtime.close();
    }
  });

  it('holds file deletions from the database snapshot until the files are linked', async () => {
    const { app, runtime } = source;
    const storage = runtime.deps.storage as LocalStorageDriver;
    const postId = await postWithPhoto(app, seller.auth);
    const keys = (await mediaKeys(source.db, [postId])).get(postId)!;
    await runtime.jobs.runDue(); // nothing else due: the job deleting the post's files runs first
    const requested: string[] = [];
    const deleteFile = storage.delete;
    storage.delete = (key) => (requested.push(key), deleteFile(key));
    let jobs: Promise<number> | undefined;
    try {
      const snapshot = await takeSnapshot(
        {
          dataDir: sourceDir,
          dumpDatabase: runtime.deps.database.dumpDataDir!,
          media: storage,
          origin: 'running server',
        },
        async (progress) => {
          if (progress.stage !== 'database') return;
          // After the database snapshot, before the media are linked: the post goes, and the job
          // deleting its files runs and asks for a deletion.
          await deletePost(app, seller.auth, postId);
          jobs = runtime.jobs.runDue();
          // (The job deletes one file after the other: the first one waits.)
          await expect
            .poll(() => requested.some((key) => keys.includes(key)), { timeout: 10_000 })
            .toBe(true);
        },
      );
      const file = path.join(await tempDir('backup-files'), 'hold.tar');
      const chunks: Buffer[] = [];
      for await (const chunk of snapshot.archive()) chunks.push(chunk);
      await writeFile(file, Buffer.concat(chunks));
      await snapshot.dispose();
      const entries: string[] = [];
      await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
      for (const key of keys) expect(entries).toContain(`media/${key}`);
      // Released: the deletion went ahead.
      await jobs;
      for (const key of keys)
        await expect(stat(path.join(sourceDir, 'media', key))).rejects.toThrow();
    } finally {
      storage.delete = deleteFile;
    }
  });

  it('refuses to restore over a running server or a non-empty DATA_DIR, and refuses PostgreSQL deployments', async () => {
    // Refused before the file is even read.
    const file = path.join(await tempDir('backup-files'), 'any.tar');
    await writeFile(file, 'not read');
    await expect(restoreCommand(envFor(sourceDir), file, out)).rejects.toThrow(
      new RegExp(`A server \\(pid ${process.pid}\\) is running on DATA_DIR`),
    );
    const busy = await tempDir('backup-busy');
    await writeFile(path.join(busy, 'notes.txt'), 'mine');
    await expect(restoreCommand(envFor(busy), file, out)).rejects.toThrow(
      /is not empty \(notes\.txt\)/,
    );
    expect(await readdir(busy)).toEqual(['notes.txt']);
    const postgres = { DATABASE_URL: 'postgres://localhost:5432/shop' };
    await expect(backupCommand(envFor(sourceDir, postgres), undefined, out)).rejects.toThrow(
      /pg_dump/,
    );
    await expect(restoreCommand(envFor(busy, postgres), file, out)).rejects.toThrow(/pg_dump/);
  });

  it('backs up a stopped DATA_DIR, and the server leaves no control socket behind', async () => {
    const media = await readdir(path.join(sourceDir, 'media'), {
      recursive: true,
      withFileTypes: true,
    });
    const mediaFiles = media.filter((e) => e.isFile()).length;
    await source.runtime.close();
    await expect(stat(controlSocketPath(sourceDir))).rejects.toMatchObject({ code: 'ENOENT' });

    const file = path.join(await tempDir('backup-files'), 'stopped.tar');
    const made = await backupCommand(envFor(sourceDir), file, out);
    expect(lines.join('\n')).toMatch(/Backup written to .*from the stopped DATA_DIR/);
    expect(made.manifest).toMatchObject({
      origin: 'stopped data directory',
      secret: true,
      media: { files: mediaFiles },
    });
    // The backup command took and gave back DATA_DIR's lock: the server starts on it again.
    source = await start(sourceDir);
  });
});
