import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as accountsTables from '../../src/server/db/schema/accounts';
import * as jobsTables from '../../src/server/db/schema/jobs';
import * as catalogTables from '../../src/server/db/schema/catalog';
import * as sitesTables from '../../src/server/db/schema/sites';
import * as socialTables from '../../src/server/db/schema/social';
import * as commentsTables from '../../src/server/db/schema/comments';
import * as messagesTables from '../../src/server/db/schema/messages';
import * as moderationTables from '../../src/server/db/schema/moderation';
import * as notificationsTables from '../../src/server/db/schema/notifications';
import * as commerceTables from '../../src/server/db/schema/commerce';

/**
 * DESIGN §3: "a module is reached only through its index and writes only its own tables". The
 * import half is lint's (eslint/boundaries.js); this checks the other half by reading every
 * module's code for Drizzle writes (`.insert(t)`, `.update(t)`, `.delete(t)`) and comparing the
 * table with the schema file the module owns. A module that needs another's rows written asks
 * that module (accounts → sites.createSite).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const MODULES = path.join(ROOT, 'src/server/modules');

/** Which schema file's tables each module owns (the kernel owns the job queue). */
const OWNED: Record<string, Record<string, unknown>> = {
  accounts: accountsTables,
  sites: sitesTables,
  catalog: catalogTables,
  social: socialTables,
  comments: commentsTables,
  messages: messagesTables,
  moderation: moderationTables,
  notifications: notificationsTables,
  commerce: commerceTables,
  core: jobsTables,
};

const tablesOf = (exports: Record<string, unknown>) =>
  new Map(
    Object.entries(exports)
      .filter(([, value]) => is(value, PgTable))
      .map(([name, table]) => [name, getTableName(table as PgTable)]),
  );

const ALL_TABLES = new Map(Object.values(OWNED).flatMap((e) => [...tablesOf(e)]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `db.insert(users)`, `tx.db.update(sites)`, `deps.db.delete(jobs)`: the table identifiers written. */
function writtenTables(code: string): string[] {
  return [...code.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)].map((m) => m[1]!);
}

const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('modules', () => {
  it('each has an index and a declared set of tables', () => {
    expect(modules).toEqual(expect.arrayContaining(['core', 'accounts', 'sites']));
    for (const name of modules) {
      expect(existsSync(path.join(MODULES, name, 'index.ts')), `${name}/index.ts`).toBe(true);
      expect(Object.keys(OWNED), `declare the tables of module ${name} here`).toContain(name);
    }
  });

  it('every table has exactly one owning module', () => {
    const owners = Object.values(OWNED).flatMap((e) => [...tablesOf(e).values()]);
    expect(new Set(owners).size).toBe(owners.length);
    expect(owners).toEqual(expect.arrayContaining(['users', 'sites', 'refresh_tokens', 'user_tokens', 'jobs']));
  });

  it.each(modules)('%s writes only its own tables', (name) => {
    const own = tablesOf(OWNED[name] ?? {});
    const writes = sourceFiles(path.join(MODULES, name)).flatMap((file) =>
      writtenTables(readFileSync(file, 'utf8'))
        .filter((table) => ALL_TABLES.has(table))
        .map((table) => ({ file: path.relative(ROOT, file), table })),
    );
    expect(writes.length, `${name} writes nothing?`).toBeGreaterThan(0);
    for (const { file, table } of writes) {
      expect(own.has(table), `${file} writes ${ALL_TABLES.get(table)}, which ${name} does not own`).toBe(true);
    }
  });

  it('notices a write to another module’s table', () => {
    expect(writtenTables('await tx.db.insert(sites).values({})')).toEqual(['sites']);
    expect(tablesOf(accountsTables).has('sites')).toBe(false);
  });
});
