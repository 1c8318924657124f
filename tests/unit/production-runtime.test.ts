import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProductionBuilds } from '../helpers/web-build';
import { loneServerEnv } from '../helpers/lone-server-env';
import { accountsApi } from '../../src/shared/api';
import { basicLatinFile } from '../../src/shared/contracts/font-ranges';
import { FONT_FILES_DIR } from '../../src/server/http/pages/fonts';
import { fontUrl } from '../../src/web/features/sites/components/FontFaceLinks';

/**
 * What the production server really runs (docs/decisions/043): the process `npm start` starts
 * (src/server/http/boot/production.js, the compiled server) with nothing but its defaults, asked
 * for a page, and every module file it loaded listed (tests/helpers/loaded-modules.js). React Router
 * must be its production build — one copy, whoever imports it: our server, the Vite server build,
 * @react-router/node — and React and React DOM theirs. The server's own packages are bundled into
 * build/app, and what a first answer does not need is loaded when first used, or (the pages' code)
 * once the server listens (docs/decisions/055).
 */
let loaded: string[] = [];
let fontAnswer: { status: number; bytes: Buffer } | undefined;
let dataDir = '';

beforeAll(async () => {
  await ensureProductionBuilds();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sf-runtime-'));
  const listFile = path.join(dataDir, 'loaded.txt');
  const env: NodeJS.ProcessEnv = {
    ...loneServerEnv(path.join(dataDir, 'data')),
    LOADED_MODULES_FILE: listFile,
  };
  // As `npm start` runs it: the production entry decides NODE_ENV itself (vitest sets "test").
  delete env.NODE_ENV;
  const child = spawn(
    process.execPath,
    ['--import', './tests/helpers/loaded-modules.js', 'src/server/http/boot/production.js'],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    // The server logs the address it listens on (PORT=0: a free one).
    const address = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      createInterface({ input: child.stdout }).on('line', (text) => {
        const match = /"address":"([^"]+)"/.exec(text);
        if (match) resolve(match[1]!);
      });
    });
    expect((await fetch(`${address}/api/v1/health`)).status).toBe(200);
    // A page rendered through React Router and React DOM's server renderer.
    const page = await fetch(`${address}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<!DOCTYPE html>');
    // A package the server imports on first use (the common-passwords list) works from the
    // bundle: a common password is refused with its sentence, not a 500.
    const { register } = accountsApi;
    const weak = await fetch(`${address}/api/v1${register.path}`, {
      method: register.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'runtimecheck',
        name: 'Runtime Check',
        email: 'runtime@example.com',
        password: 'password123',
        accountType: 'buyer',
      }),
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('one of the most common');
    // A site font's basic-Latin part, read from beside the compiled server (build.js copies it).
    const font = await fetch(
      `${address}${fontUrl(basicLatinFile('lora-latin-wght-normal.woff2'))}`,
    );
    fontAnswer = { status: font.status, bytes: Buffer.from(await font.arrayBuffer()) };
  } finally {
    // SIGINT: the server exits at once, and the list of CommonJS files is written at exit.
    child.kill('SIGINT');
    await exited;
  }
  loaded = (await readFile(listFile, 'utf8')).split('\n').filter(Boolean);
}, 300_000);

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const files = (pattern: RegExp) => loaded.filter((file) => pattern.test(file));

describe('the production server', () => {
  it("serves the site fonts' basic-Latin files from beside the compiled server", async () => {
    expect(fontAnswer?.status).toBe(200);
    const committed = await readFile(
      path.join(FONT_FILES_DIR, 'lora-latin-basic-wght-normal.woff2'),
    );
    expect(fontAnswer?.bytes.equals(committed)).toBe(true);
  });

  it('loads the production build of React Router, and only it', () => {
    expect(files(/\/node_modules\/react-router\/dist\/production\//)).not.toEqual([]);
    expect(files(/\/node_modules\/react-router\/dist\/development\//)).toEqual([]);
  });

  it('loads the production builds of React and React DOM, and only them', () => {
    expect(files(/\/node_modules\/react\/cjs\/react\.production\.js$/)).toHaveLength(1);
    expect(
      files(/\/node_modules\/react-dom\/cjs\/react-dom-server\.node\.production\.js$/),
    ).toHaveLength(1);
    expect(files(/\/node_modules\/react(-dom)?\/cjs\/.*development/)).toEqual([]);
  });

  it('runs the compiled server, not TypeScript', () => {
    expect(files(/\/build\/app\/start\.js$/)).toHaveLength(1);
    expect(files(/\/src\/server\/.*\.ts$/)).toEqual([]);
    expect(files(/\/node_modules\/tsx\//)).toEqual([]);
  });
});

describe('the compiled server (docs/decisions/055)', () => {
  /** The text of every build/app file the process ran: esbuild marks each bundled module's code
   * with a `// …/node_modules/<package>/…` comment. */
  const ranCode = async () =>
    (
      await Promise.all(
        files(/\/build\/app\/[^/]+\.js$/).map((file) =>
          readFile(file.startsWith('file:') ? fileURLToPath(file) : file, 'utf8'),
        ),
      )
    ).join('\n');

  it('carries its packages in the bundle, not read from node_modules', async () => {
    for (const pkg of ['fastify', 'drizzle-orm', 'find-my-way']) {
      expect(files(new RegExp(`/node_modules/${pkg}/`))).toEqual([]);
      expect(await ranCode()).toContain(`node_modules/${pkg}/`);
    }
    // Left out of the bundle: PGlite reads its WebAssembly and data files beside its own code.
    expect(files(/\/node_modules\/@electric-sql\/pglite\//)).not.toEqual([]);
  });

  it('loads the drivers a first answer does not need only when they are used', async () => {
    // Native or external: nothing of theirs is loaded.
    expect(files(/\/node_modules\/(sharp|ioredis)\//)).toEqual([]);
    // Bundled, in chunks of their own that did not run.
    const code = await ranCode();
    expect(code).not.toContain('node_modules/nodemailer/');
    expect(code).not.toContain('node_modules/@aws-sdk/');
    // PostgreSQL's driver: the embedded database needs none of it.
    expect(code).not.toContain('node_modules/pg/');
    expect(code).not.toContain('node_modules/drizzle-orm/node-postgres/');
    // The API docs' packages: loaded by the first request for /api/docs, which nothing made here.
    expect(files(/\/node_modules\/@fastify\/swagger(-ui)?\//)).toEqual([]);
  });

  it('never loads Fastify’s default schema compilers: every schema is zod (app.ts)', () => {
    expect(
      files(/\/node_modules\/@fastify\/(ajv-compiler|fast-json-stringify-compiler)\//),
    ).toEqual([]);
    expect(files(/\/node_modules\/(ajv|ajv-formats)\//)).toEqual([]);
  });
});
