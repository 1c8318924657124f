import { describe, expect, it, vi } from 'vitest';
import { loadSiteOfPage, loadUserSite } from './get-site';

/** A load context whose in-process API knows the sites of `usernames` (GET /sites?username=). */
function contextWith(usernames: string[]) {
  const apiFetch = vi.fn(async (input: RequestInfo | URL) => {
    const username = new URL(String(input), 'http://app').searchParams.get('username') ?? '';
    if (!usernames.includes(username))
      return Response.json({ message: 'This site could not be found.' }, { status: 404 });
    return Response.json({ name: `${username}'s site`, username, fontFamily: 'Lora' });
  });
  return {
    apiFetch: apiFetch as unknown as typeof fetch,
    config: { landingProducts: ['music', 'pc-hardware'] },
    calls: apiFetch,
  };
}

const status = (err: unknown) => (err as { init?: { status?: number } }).init?.status;

describe('loadUserSite', () => {
  it("reads a page request's site once, for the layout and its child", async () => {
    const ctx = contextWith(['maya']);
    const [layout, child] = await Promise.all([
      loadUserSite(ctx, 'maya', '/maya/123'),
      loadSiteOfPage(ctx, 'maya', '/maya/123'),
    ]);
    expect(ctx.calls).toHaveBeenCalledTimes(1);
    expect(layout).toMatchObject({ kind: 'site', username: 'maya', variant: 'default' });
    expect(child).toBe(layout.kind === 'site' ? layout.site : null);
    // The branding comes resolved: checked variables and the font to load.
    expect(layout.kind === 'site' && layout.theme.font).toEqual({
      family: 'Lora',
      file: 'lora-latin-wght-normal.woff2',
    });
    // Another request asks again.
    await loadUserSite(contextWith(['maya']), 'maya', '/maya');
    expect(ctx.calls).toHaveBeenCalledTimes(1);
  });

  it('is the link-in-bio card for {username}-x when nobody has that exact name', async () => {
    const ctx = contextWith(['maya', 'rex-x']);
    expect(await loadUserSite(ctx, 'maya-x', '/maya-x')).toMatchObject({
      kind: 'site',
      username: 'maya',
      variant: 'x',
    });
    expect(await loadUserSite(ctx, 'rex-x', '/rex-x')).toMatchObject({ variant: 'default' });
    // Nothing lives below the card.
    await expect(loadUserSite(ctx, 'maya-x', '/maya-x/products')).rejects.toSatisfy(
      (err) => status(err) === 404,
    );
  });

  it('is a 404 for unknown users and names that cannot be usernames', async () => {
    const ctx = contextWith([]);
    for (const slug of ['nobody', 'nobody-x', 'bad name!'])
      await expect(loadUserSite(ctx, slug, `/${slug}`)).rejects.toSatisfy(
        (err) => status(err) === 404,
      );
    await expect(loadSiteOfPage(ctx, 'index-musicbio', '/index-musicbio')).rejects.toSatisfy(
      (err) => status(err) === 404,
    );
    expect(await loadUserSite(ctx, 'index-musicbio', '/index-musicbio')).toEqual({
      kind: 'landing',
      product: 'music',
    });
  });

  it('serves a landing page only for the configured products (LANDING_PRODUCTS)', async () => {
    const ctx = contextWith([]);
    expect(await loadUserSite(ctx, 'index-pc-hardwarebio', '/index-pc-hardwarebio')).toEqual({
      kind: 'landing',
      product: 'pc-hardware',
    });
    for (const slug of ['index-nonsensebio', 'index-artbio'])
      await expect(loadUserSite(ctx, slug, `/${slug}`)).rejects.toSatisfy(
        (err) => status(err) === 404,
      );
    // Nothing lives below a landing page either.
    await expect(loadUserSite(ctx, 'index-musicbio', '/index-musicbio/products')).rejects.toSatisfy(
      (err) => status(err) === 404,
    );
    expect(ctx.calls).not.toHaveBeenCalled();
  });
});
