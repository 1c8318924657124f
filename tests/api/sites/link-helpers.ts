import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sites } from '../../../src/server/db/schema';
import { sitesApi } from '../../../src/shared/api/sites';
import type { SiteLinkInput } from '../../../src/shared/contracts/site-links';
import { mySiteSchema, publicSiteSchema } from '../../../src/shared/contracts/sites';
import { ApiError } from '../../../src/web/lib/api-client';
import { inject } from '../../factories/accounts';
import type { TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';

type Auth = Record<string, string>;
/** A link as a test writes it: the contract's input, defaults left out. */
export type LinkDraft = Partial<Omit<SiteLinkInput, 'title'>> & { title: string };

/** PUT /sites/links, GET /sites/mine and GET /sites through the web app's typed client. */
export function linkCalls(app: () => TestApp) {
  const client = typedClient(app);
  return {
    async save(auth: Auth, links: LinkDraft[]) {
      const { site } = await client.call(
        sitesApi.replaceLinks,
        { body: { links: links as SiteLinkInput[] } },
        { headers: auth },
      );
      return mySiteSchema.strict().parse(site);
    },
    async mine(auth: Auth) {
      return mySiteSchema.strict().parse(await client.call(sitesApi.mySite, {}, { headers: auth }));
    },
    async shown(username: string) {
      return publicSiteSchema.strict().parse(await client.call(sitesApi.site, { query: { username } }));
    },
    async timeZone(auth: Auth, timeZone: string) {
      return client.call(sitesApi.updateSite, { body: { timeZone } }, { headers: auth });
    },
  };
}

/** The ApiError a call fails with (fails the test if it succeeds). */
export async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** GET /l/{id} as a browser sends it (a person's user agent unless told otherwise). */
export const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

export function follow(t: TestApp, id: string, headers: Record<string, string> = {}) {
  return inject(t, { url: `/l/${id}`, headers: { 'user-agent': BROWSER_UA, ...headers } });
}

/** Makes `userId`'s site answer on `domain` (verified), as a verified custom domain does. */
export async function verifiedDomain(t: TestApp, userId: string, domain: string) {
  await t.deps.database.db
    .update(sites)
    .set({ domainName: domain, domainVerifiedAt: new Date(t.deps.now!()) })
    .where(eq(sites.userId, userId));
}
