import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_FAMILY_TTL_MS } from '../../src/server/modules/accounts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/server/http/api/session';
import { AUTH_STORAGE_KEY } from '../../src/web/features/accounts/stores/auth-store';
import { CART_STORAGE_KEY } from '../../src/web/features/cart/stores/cart-store';
import { LANDING_STORAGE_KEY } from '../../src/web/features/cart/attribution';
import { PREVIEW_STORAGE_KEY } from '../../src/web/features/catalog/editor/preview-draft';
import { IN_APP_HINT_DISMISSED_KEY } from '../../src/web/features/sites/in-app-browser';
import {
  BROWSER_STORAGE,
  COOKIES,
  STORED_DATA,
} from '../../src/web/features/landing/content/privacy';
import { CHUNK_RELOAD_STORAGE_KEY } from '../../src/web/lib/chunk-reload';
import {
  COOKIE_CONSENT_COOKIE,
  COOKIE_CONSENT_STORAGE_KEY,
} from '../../src/web/lib/cookie-consent';

/**
 * The privacy page says what the code stores (docs/decisions/036). A table added to the schema,
 * a cookie or a browser storage key the page does not mention fails here until the page says what
 * it holds and why.
 */
const schemaTables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .sort();

const documentedTables = STORED_DATA.flatMap((s) => s.tables);

describe('the privacy page', () => {
  it('describes every table of the database, each once', () => {
    expect(schemaTables.length).toBeGreaterThan(30);
    expect([...documentedTables].sort()).toEqual(schemaTables);
    expect(new Set(documentedTables).size).toBe(documentedTables.length);
  });

  it('says what, why and for how long for every section', () => {
    for (const section of STORED_DATA) {
      expect(section.what.length, section.id).toBeGreaterThan(0);
      expect(section.why, section.id).toMatch(/\w/);
      expect(section.howLong, section.id).toMatch(/\w/);
    }
  });

  it('lists exactly the cookies the server and the pages set, with their real lifetimes', () => {
    expect(COOKIES.map((c) => c.name).sort()).toEqual(
      [ACCESS_COOKIE, REFRESH_COOKIE, COOKIE_CONSENT_COOKIE].sort(),
    );
    const byName = new Map(COOKIES.map((c) => [c.name, c]));
    expect(byName.get(ACCESS_COOKIE)).toMatchObject({
      maxAgeSeconds: ACCESS_TOKEN_TTL_SECONDS,
      httpOnly: false,
    });
    expect(byName.get(REFRESH_COOKIE)).toMatchObject({
      maxAgeSeconds: REFRESH_FAMILY_TTL_MS / 1000,
      httpOnly: true,
    });
    expect(byName.get(COOKIE_CONSENT_COOKIE)?.maxAgeSeconds).toBe(365 * 24 * 60 * 60);
  });

  it('lists every browser storage key the pages use', () => {
    expect(BROWSER_STORAGE.map((s) => s.key).sort()).toEqual(
      [
        CART_STORAGE_KEY,
        LANDING_STORAGE_KEY,
        AUTH_STORAGE_KEY,
        COOKIE_CONSENT_STORAGE_KEY,
        PREVIEW_STORAGE_KEY,
        CHUNK_RELOAD_STORAGE_KEY,
        IN_APP_HINT_DISMISSED_KEY,
      ].sort(),
    );
  });

  it('knows every place the code writes a cookie or browser storage', () => {
    // A new writer must be added to the page (and the constants above) before this passes.
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return files(full);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
      });
    const writers = files(root)
      .filter((file) =>
        /document\.cookie\s*=|\.setItem\(|createJSONStorage\(|appendCookie\(reply/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(root, file))
      .sort();
    expect(writers).toEqual([
      'server/http/api/session.ts',
      'web/features/accounts/stores/auth-store.ts',
      'web/features/cart/attribution.ts',
      'web/features/cart/stores/cart-store.ts',
      'web/features/catalog/editor/preview-draft.ts',
      'web/features/sites/components/InAppHint.tsx',
      'web/lib/chunk-reload.ts',
      'web/routes/logout.tsx',
      'web/shell/CookieNotice.tsx',
    ]);
  });
});
