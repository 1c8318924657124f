import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rename = (token: string, name: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users',
    headers: { 'x-access-token': token },
    payload: { user: { name } },
  });

const siteName = async (username: string) =>
  (await t.app.inject({ url: `/api/v1/sites?username=${username}` })).json().name as string;

describe('renaming yourself reaches your page', () => {
  it('renames a site still named after its owner, in the same write', async () => {
    const a = await signedInUser(t.deps, { name: 'Maya Chen' });
    expect(await siteName(a.user.username)).toBe('Maya Chen');
    expect((await rename(a.token, 'Maya Chen Ceramics')).statusCode).toBe(200);
    expect(await siteName(a.user.username)).toBe('Maya Chen Ceramics');
  });

  it('keeps a name the owner gave the site themselves', async () => {
    const b = await signedInUser(t.deps, { name: 'Leo Park' });
    await t.deps.database.db.update(sites).set({ name: 'Leo’s Vinyl Shop' }).where(eq(sites.userId, b.user.id));
    expect((await rename(b.token, 'Leo P.')).statusCode).toBe(200);
    expect(await siteName(b.user.username)).toBe('Leo’s Vinyl Shop');
  });
});
