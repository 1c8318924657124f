import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../../src/server/db/schema';
import { qrCodeCache } from '../../../src/server/modules/sites/qr-code';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { putSite } from './site-helpers';
import { typedClient } from '../../helpers/typed-client';
import { sitesApi } from '../../../src/shared/api/sites';

/** GET /sites/qr: the owner's page as a QR code, decoded here as a phone's camera would. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Auth = Record<string, string>;
const qr = (auth: Auth, format?: string) =>
  inject(t, { url: `/api/v1/sites/qr${format ? `?format=${format}` : ''}`, headers: auth });

/** What a scanner reads from a PNG (null when nothing scans). */
async function decodePng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** The SVG as an image a scanner reads (rasterised first), and its fill/stroke colours. */
async function decodeSvg(svg: string): Promise<string | null> {
  return decodePng(await sharp(Buffer.from(svg)).resize(600).png().toBuffer());
}
const colours = (svg: string) => ({
  light: /<path fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1],
  dark: /stroke="(#[0-9a-f]{6})"/i.exec(svg)?.[1],
});

describe('GET /sites/qr', () => {
  it('answers 401 without a session, in either format', async () => {
    for (const format of [undefined, 'svg', 'png']) {
      const res = await qr({}, format);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a format it does not draw (400)', async () => {
    const owner = await signedInUser(t.deps);
    const res = await qr(owner.auth, 'gif');
    expect(res.statusCode).toBe(400);
  });

  it('gives a PNG download that scans to the page URL', async () => {
    const owner = await signedInUser(t.deps);
    const res = await qr(owner.auth, 'png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${owner.user.username}-qr-code.png"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const png = res.rawPayload;
    const meta = await sharp(png).metadata();
    expect(meta.width).toBe(1024);
    expect(await decodePng(png)).toBe(`http://localhost:3000/${owner.user.username}`);
  });

  it('draws the SVG in the seller’s colours when they contrast, and it scans', async () => {
    const owner = await signedInUser(t.deps);
    expect(
      (
        await putSite(t, owner.auth, {
          backgroundColor: '#fff7ed',
          buttonBackgroundColor: '#7c2d12',
          textColor: '#1c1917',
        })
      ).statusCode,
    ).toBe(200);
    const res = await qr(owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    const svg = res.body;
    // Well-formed: sharp's SVG parser (librsvg) refuses anything that is not.
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(colours(svg)).toEqual({ light: '#fff7ed', dark: '#7c2d12' });
    expect(await decodeSvg(svg)).toBe(`http://localhost:3000/${owner.user.username}`);
  });

  it('takes the text colour when the button colour does not contrast enough', async () => {
    const owner = await signedInUser(t.deps);
    await putSite(t, owner.auth, {
      backgroundColor: '#ffffff',
      buttonBackgroundColor: '#fbbf24',
      textColor: '#1e3a8a',
    });
    expect(colours((await qr(owner.auth)).body)).toEqual({ light: '#ffffff', dark: '#1e3a8a' });
  });

  it('falls back to black on white when the seller’s colours would not scan', async () => {
    const owner = await signedInUser(t.deps);
    // Pale modules on a pale page (2:1), and light text on a dark page (an inverted code).
    for (const colours_ of [
      { backgroundColor: '#ffffff', buttonBackgroundColor: '#a3a3a3', textColor: '#9ca3af' },
      { backgroundColor: '#111827', buttonBackgroundColor: '#f9fafb', textColor: '#ffffff' },
    ]) {
      expect((await putSite(t, owner.auth, colours_)).statusCode).toBe(200);
      const svg = (await qr(owner.auth)).body;
      expect(colours(svg)).toEqual({ light: '#ffffff', dark: '#000000' });
      expect(await decodeSvg(svg)).toBe(`http://localhost:3000/${owner.user.username}`);
    }
  });

  it('draws a code once per address, colours and format: a change of colours draws anew', async () => {
    const owner = await signedInUser(t.deps);
    const draws = () => qrCodeCache(t.deps.env).loads;
    const brand = {
      backgroundColor: '#ffffff',
      buttonBackgroundColor: '#14532d',
      textColor: '#111111',
    };
    await putSite(t, owner.auth, brand);
    const before = draws();
    const first = await qr(owner.auth, 'png');
    const svg = (await qr(owner.auth)).body;
    expect(draws()).toBe(before + 2);
    // Asked again: the same bytes, nothing drawn.
    expect((await qr(owner.auth, 'png')).rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await qr(owner.auth)).body).toBe(svg);
    expect(draws()).toBe(before + 2);
    // Same address, new colours: a new code in them.
    await putSite(t, owner.auth, { ...brand, buttonBackgroundColor: '#1e3a8a' });
    expect(colours((await qr(owner.auth)).body)).toEqual({ light: '#ffffff', dark: '#1e3a8a' });
    expect(draws()).toBe(before + 3);
  });

  it('encodes the verified custom domain while it is served, the app address otherwise', async () => {
    const owner = await signedInUser(t.deps, { plan: 'creator' });
    const setDomain = (verified: boolean) =>
      t.deps.database.db
        .update(sites)
        .set({
          domainName: 'qr-shop.example.com',
          domainToken: 'token',
          domainVerifiedAt: verified ? new Date() : null,
        })
        .where(eq(sites.userId, owner.user.id));
    await setDomain(false);
    const pending = await decodePng((await qr(owner.auth, 'png')).rawPayload);
    expect(pending).toBe(`http://localhost:3000/${owner.user.username}`);
    await setDomain(true);
    expect(await decodePng((await qr(owner.auth, 'png')).rawPayload)).toBe(
      'https://qr-shop.example.com/',
    );
  });
});

describe('GET /sites/share', () => {
  const client = typedClient(() => t);

  it('gives the page address and the same code as SVG, to its owner only', async () => {
    const owner = await signedInUser(t.deps);
    const share = await client.call(sitesApi.siteShare, {}, { headers: owner.auth });
    expect(share.url).toBe(`http://localhost:3000/${owner.user.username}`);
    expect(share.svg).toBe((await qr(owner.auth)).body);
    expect(await decodeSvg(share.svg)).toBe(share.url);
    await expect(client.call(sitesApi.siteShare, {})).rejects.toMatchObject({ status: 401 });
  });
});
