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
import * as discountTables from '../../src/server/db/schema/commerce-discounts';
import * as paymentTables from '../../src/server/db/schema/commerce-payments';
import * as returnTables from '../../src/server/db/schema/commerce-returns';
import * as plansTables from '../../src/server/db/schema/plans';
import * as outreachTables from '../../src/server/db/schema/outreach';
import * as aiTables from '../../src/server/db/schema/ai';
import * as insightsTables from '../../src/server/db/schema/insights';
import * as offersTables from '../../src/server/db/schema/offers';

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
  commerce: { ...commerceTables, ...discountTables, ...paymentTables, ...returnTables },
  core: jobsTables,
  plans: plansTables,
  outreach: outreachTables,
  ai: aiTables,
  insights: insightsTables,
  offers: offersTables,
  // Read-only policy: what a member's plan allows (it owns and writes no table).
  entitlements: {},
};

const tablesOf = (exports: Record<string, unknown>) =>
  new Map(
    Object.entries(exports)
      .filter(([, value]) => is(value, PgTable))
      .map(([name, table]) => [name, getTableName(table as PgTable)]),
  );

/** Modules that own no table and write none (policy over others' data). */
const READ_ONLY_MODULES = new Set(['entitlements']);

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
  return [...code.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)].map(
    (m) => m[1]!,
  );
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
    expect(owners).toEqual(
      expect.arrayContaining(['users', 'sites', 'refresh_tokens', 'user_tokens', 'jobs']),
    );
  });

  it.each(modules)('%s writes only its own tables', (name) => {
    const own = tablesOf(OWNED[name] ?? {});
    const writes = sourceFiles(path.join(MODULES, name)).flatMap((file) =>
      writtenTables(readFileSync(file, 'utf8'))
        .filter((table) => ALL_TABLES.has(table))
        .map((table) => ({ file: path.relative(ROOT, file), table })),
    );
    if (READ_ONLY_MODULES.has(name)) expect(writes, `${name} is read-only`).toEqual([]);
    else expect(writes.length, `${name} writes nothing?`).toBeGreaterThan(0);
    for (const { file, table } of writes) {
      expect(
        own.has(table),
        `${file} writes ${ALL_TABLES.get(table)}, which ${name} does not own`,
      ).toBe(true);
    }
  });

  it('notices a write to another module’s table', () => {
    expect(writtenTables('await tx.db.insert(sites).values({})')).toEqual(['sites']);
    expect(tablesOf(accountsTables).has('sites')).toBe(false);
  });
});

/** The modules each module imports (`from '../catalog'`), the kernel left out. */
function moduleImports(name: string): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(path.join(MODULES, name))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/from '\.\.\/([\w-]+)'/g)) {
      if (m[1] !== 'core' && m[1] !== name && modules.includes(m[1]!)) used.add(m[1]!);
    }
  }
  return used;
}

/** A cycle in a graph of module → imported modules, as a path (first = last), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | null => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('module dependencies', () => {
  // DESIGN §3 "dependencies pointing one way": a module that needs a higher one's behaviour gets
  // it through the kernel (jobs, announced changes) or a lower module (entitlements), never by
  // importing it back.
  it('form no cycle', () => {
    const graph = new Map(modules.map((name) => [name, moduleImports(name)]));
    expect(findCycle(graph)).toBeNull();
  });

  it('notices a cycle', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toBeNull();
  });
});
