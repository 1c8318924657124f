import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering of DESIGN §3 is enforced by `npm run lint` (eslint/boundaries.js). These lint
 * made-up files at real paths with the project's own config: each broken rule must be reported,
 * and the allowed directions must not be.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '../..', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

const refused: [string, string, string, RegExp][] = [
  ['a module reaching into another module’s file', 'src/server/modules/accounts/x.ts', "import { toSite } from '../sites/read';", /through its index/],
  ['a module importing Fastify', 'src/server/modules/accounts/x.ts', "import Fastify from 'fastify';", /never import Fastify/],
  ['an adapter importing a Fastify plugin', 'src/server/adapters/storage/x.ts', "import s from '@fastify/static';", /never import Fastify/],
  ['a module importing the HTTP layer', 'src/server/modules/sites/x.ts', "import { buildApp } from '../../http/boot/app';", /never import the HTTP layer/],
  ['a module importing the composition root', 'src/server/modules/sites/x.ts', "import { moduleDeps } from '../../composition/app-deps';", /never import src\/server\/composition/],
  ['a module importing the backup commands', 'src/server/modules/core/x.ts', "import { backup } from '../../backup/commands';", /never import src\/server\/backup/],
  ['the API importing the pages', 'src/server/http/api/v1/x.ts', "import { registerWeb } from '../../pages/ssr';", /never imports http\/pages/],
  ['the pages importing boot', 'src/server/http/pages/x.ts', "import { buildApp } from '../boot/app';", /never imports http\/boot/],
  ['an adapter importing a module', 'src/server/adapters/mail/x.ts', "import { login } from '../../modules/accounts';", /never import modules/],
  ['the web importing server code', 'src/web/routes/x.tsx', "import { buildApp } from '../../server/http/boot/app';", /never imports server code/],
  ['lib importing a feature', 'src/web/lib/x.ts', "import { x } from '../features/cart/x';", /only lib\/ and src\/shared/],
  ['lib importing a component', 'src/web/lib/x.ts', "import { x } from '../components/ui/form';", /only lib\/ and src\/shared/],
  ['a component importing a feature', 'src/web/components/ui/x.tsx', "import { x } from '../../features/cart/x';", /never import features/],
  ['a feature importing another feature', 'src/web/features/cart/x.ts', "import { x } from '../accounts/x';", /Features do not import each other/],
  ['a feature importing a route', 'src/web/features/cart/x.ts', "import { x } from '../../routes/login';", /app layer/],
];

const allowed: [string, string, string][] = [
  ['a module using another module’s index', 'src/server/modules/accounts/x.ts', "import { createSite } from '../sites';"],
  ['a module using the kernel', 'src/server/modules/sites/x.ts', "import { notFound } from '../core';"],
  ['a module using its own files', 'src/server/modules/core/x.ts', "import { enqueueJob } from './jobs/queue';"],
  ['the HTTP layer using Fastify and modules', 'src/server/http/api/x.ts', "import Fastify from 'fastify';\nimport { login } from '../../modules/accounts';"],
  ['the pages using the API layer', 'src/server/http/pages/x.ts', "import { sendError } from '../api/error-handler';"],
  ['boot composing the API and the pages', 'src/server/http/boot/x.ts', "import { apiV1 } from '../api/v1';\nimport { registerWeb } from '../pages/ssr';"],
  ['a route composing features', 'src/web/routes/x.tsx', "import { a } from '../features/cart/a';\nimport { b } from '../features/accounts/b';"],
  ['a feature using components and lib', 'src/web/features/cart/x.ts', "import { a } from '../../components/ui/form';\nimport { b } from '../../lib/api-client';"],
];

describe('lint: dependency direction', () => {
  it.each(refused)('refuses %s', async (_label, file, code, message) => {
    const found = await problems(file, `${code}\nexport const used = 1;\n`);
    expect(found.some((m) => message.test(m)), found.join('\n') || 'no boundary problem reported').toBe(true);
  });

  it.each(allowed)('allows %s', async (_label, file, code) => {
    expect(await problems(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});
