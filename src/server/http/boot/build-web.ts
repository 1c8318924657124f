import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** `npm start` on a fresh clone (or after a pull) builds the production bundle when missing or stale. */
export function ensureWebBuild(root: string, log: (msg: string) => void) {
  const serverEntry = path.join(root, 'build/server/index.js');
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > sourcesAt) return;
  log(builtAt ? 'Web bundle is older than its sources: rebuilding…' : 'Building the web bundle (first start)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web build failed; see the output above.');
}
