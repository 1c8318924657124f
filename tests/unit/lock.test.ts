import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDirLock } from '../../src/server/db/lock';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Another process holding the lock: it prints "locked" once it has it, then waits for stdin. */
function holder(dir: string) {
  const lockModule = path.resolve('src/server/db/lock.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '-e', `const { acquireDirLock } = await import(${JSON.stringify(lockModule)}); const l = await acquireDirLock(${JSON.stringify(dir)}); console.log('locked'); process.stdin.on('end', async () => { await l.release(); process.exit(0); }); process.stdin.resume();`],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited early (${code})`)));
  });
  return { child, ready, stop: () => new Promise((r) => { child.once('exit', r); child.stdin.end(); }) };
}

describe('data directory lock', () => {
  it('refuses a second process with a message that says what to do', async () => {
    const dir = await tempDir();
    const h = holder(dir);
    await h.ready;
    try {
      const err = await acquireDirLock(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as Error).message).toContain(`pid ${h.child.pid}`);
      expect((err as Error).message).toMatch(/DATA_DIR/);
    } finally {
      await h.stop();
    }
    // Released on exit: now it can be taken.
    const lock = await acquireDirLock(dir);
    await lock.release();
  });

  it('takes over a lock left behind by a process that no longer exists', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, '.lock'), '999999999');
    const lock = await acquireDirLock(dir);
    expect(await readFile(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });
});
