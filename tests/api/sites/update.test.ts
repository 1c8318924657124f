import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FONT_SCALE,
  SITE_FONT_FAMILIES,
  publicSiteSchema,
} from '../../../src/shared/contracts/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import {
  mySite,
  publicSite,
  putSite,
  recordChanges,
  siteOf,
  uploadLogo,
  verifyDomain,
} from './site-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const BRANDING = {
  name: 'Clay & Co.',
  description: 'Stoneware from a small studio.',
  headerBackgroundColor: '#7C2D12',
  headerTextColor: 'fff',
  footerBackgroundColor: '#431407',
  footerTextColor: '#FFEDD5',
  backgroundColor: '#fff7ed',
  textColor: '#1c1917',
  buttonBackgroundColor: '#C2410C',
  buttonTextColor: '#ffffff',
  headerBranding: 'both',
  fontFamily: 'Lora',
  fontScale: 1.1,
} as const;

describe('PUT /sites: only the signed-in owner, only their own site', () => {
  it('refuses every write without a session (401), changing nothing', async () => {
    const a = await signedInUser(t.deps);
    const before = await mySite(t, a.auth);
    for (const res of [
      await putSite(t, {}, { name: 'Hijacked' }),
      await uploadLogo(t, {}, { image: 'x' }),
      await verifyDomain(t, {}),
      await inject(t, { url: '/api/v1/sites/mine' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Please log in to do that.',
      });
    }
    expect(await mySite(t, a.auth)).toEqual(before);
  });

  it('saves every branding field (colours normalised) and shows them publicly', async () => {
    const a = await signedInUser(t.deps);
    const site = siteOf(await putSite(t, a.auth, BRANDING));
    expect(site).toMatchObject({
      ...BRANDING,
      headerBackgroundColor: '#7c2d12',
      headerTextColor: '#ffffff',
      footerTextColor: '#ffedd5',
      buttonBackgroundColor: '#c2410c',
      username: a.user.username,
      owner: { _id: a.user.id },
      domain: { status: 'none' },
    });
    const shown = publicSiteSchema.strict().parse((await publicSite(t, a.user.username)).json());
    const { domain: _domain, ...publicPart } = site;
    expect(shown).toEqual(publicPart);
  });

  it('changes only the fields sent, and bumps updatedAt', async () => {
    const a = await signedInUser(t.deps);
    const first = siteOf(await putSite(t, a.auth, BRANDING));
    t.advanceTime(1000);
    const second = siteOf(await putSite(t, a.auth, { textColor: '#000' }));
    expect(second).toEqual({ ...first, textColor: '#000000', updatedAt: second.updatedAt });
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
  });

  it('has no way to name another site: unknown fields (ids, owners) are ignored', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const bBefore = await mySite(t, b.auth);
    const res = await putSite(t, a.auth, {
      _id: bBefore._id,
      userId: b.user.id,
      user_id: b.user.id,
      username: b.user.username,
      owner: { _id: b.user.id },
      name: 'Only mine',
    });
    const site = siteOf(res);
    expect(site).toMatchObject({
      name: 'Only mine',
      username: a.user.username,
      owner: { _id: a.user.id },
    });
    expect(site._id).not.toBe(bBefore._id);
    expect(await mySite(t, b.auth)).toEqual(bBefore);
  });

  it('stores hostile text verbatim, as text', async () => {
    const a = await signedInUser(t.deps);
    const name = '<script>alert(1)</script> & "quotes"';
    const site = siteOf(
      await putSite(t, a.auth, { name, description: '<img src=x onerror=alert(1)>' }),
    );
    expect(site.name).toBe(name);
    expect(site.description).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('PUT /sites validation: a 400 naming the field, nothing saved', () => {
  const colourError = (label: string) => `${label}: use a hex colour such as #1f2937.`;
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'a colour name',
      { headerBackgroundColor: 'red' },
      `headerBackgroundColor: ${colourError('Header background')}`,
    ],
    ['five hex digits', { textColor: '#12345' }, `textColor: ${colourError('Page text')}`],
    [
      'non-hex digits',
      { backgroundColor: '#ggg' },
      `backgroundColor: ${colourError('Page background')}`,
    ],
    [
      'alpha hex',
      { buttonTextColor: '#ffffff80' },
      `buttonTextColor: ${colourError('Button text')}`,
    ],
    [
      'CSS injection',
      { footerTextColor: 'red;background:url(//evil)' },
      `footerTextColor: ${colourError('Footer text')}`,
    ],
    [
      'a CSS variable',
      { buttonBackgroundColor: 'var(--x)' },
      `buttonBackgroundColor: ${colourError('Button background')}`,
    ],
    ['a number colour', { headerTextColor: 123 }, 'headerTextColor: Must be a colour.'],
    [
      'an unknown font',
      { fontFamily: 'Comic Sans MS' },
      `fontFamily: Choose one of the fonts: ${SITE_FONT_FAMILIES.join(', ')}.`,
    ],
    [
      'a font stack',
      { fontFamily: 'Georgia, serif' },
      `fontFamily: Choose one of the fonts: ${SITE_FONT_FAMILIES.join(', ')}.`,
    ],
    [
      'a tiny font scale',
      { fontScale: FONT_SCALE.min - 0.01 },
      `fontScale: The text size must be between ${FONT_SCALE.min} and ${FONT_SCALE.max}.`,
    ],
    [
      'a huge font scale',
      { fontScale: 3 },
      `fontScale: The text size must be between ${FONT_SCALE.min} and ${FONT_SCALE.max}.`,
    ],
    ['a font scale as text', { fontScale: '1.2' }, 'fontScale: Must be a number.'],
    [
      'an unknown header branding',
      { headerBranding: 'banner' },
      "headerBranding: Choose 'name', 'logo' or 'both' for the header.",
    ],
    ['an empty name', { name: '   ' }, 'name: Give your site a name.'],
    ['a long name', { name: 'n'.repeat(81) }, 'name: Use at most 80 characters for the name.'],
    [
      'a NUL in the name',
      { name: 'a\u0000b' },
      'name: Remove the invisible control characters from this text.',
    ],
    [
      'a long description',
      { description: 'd'.repeat(501) },
      'description: Use at most 500 characters for the description.',
    ],
    [
      'a NUL in the description',
      { description: 'x\u0000' },
      'description: Remove the invisible control characters from this text.',
    ],
    [
      'a logo URL',
      { image: 'https://evil.example/logo.png' },
      'image: Upload a logo through PUT /sites/media; send null to remove it.',
    ],
    [
      'an IP address domain',
      { domainName: '10.0.0.1' },
      'domainName: Use a domain name, not an IP address.',
    ],
    [
      'localhost',
      { domainName: 'shop.localhost' },
      'domainName: Use a public domain name, not localhost.',
    ],
    [
      'a one-label domain',
      { domainName: 'shop' },
      'domainName: This is not a domain name. Use letters, digits, hyphens and dots, like shop.example.com.',
    ],
    [
      'an email as domain',
      { domainName: 'me@shop.example.com' },
      'domainName: Enter only the domain name, such as shop.example.com.',
    ],
    [
      'a NUL in the domain',
      { domainName: 'shop\u0000.example.com' },
      'domainName: Remove the invisible control characters from this text.',
    ],
  ];

  it.each(cases)('refuses %s', async (_label, body, message) => {
    const a = await signedInUser(t.deps);
    const before = await mySite(t, a.auth);
    const res = await putSite(t, a.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await mySite(t, a.auth)).toEqual(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const a = await signedInUser(t.deps);
    const res = await putSite(t, a.auth, ['name']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body: Must be a JSON object.');
  });

  it('accepts the bounds and every allowed font', async () => {
    const a = await signedInUser(t.deps);
    for (const fontScale of [FONT_SCALE.min, FONT_SCALE.max])
      expect(siteOf(await putSite(t, a.auth, { fontScale })).fontScale).toBeCloseTo(fontScale, 5);
    for (const fontFamily of SITE_FONT_FAMILIES)
      expect(siteOf(await putSite(t, a.auth, { fontFamily })).fontFamily).toBe(fontFamily);
    expect(siteOf(await putSite(t, a.auth, { name: 'n'.repeat(80) })).name).toHaveLength(80);
  });
});

describe('PUT /sites: rate limit and change announcements', () => {
  it('announces each save as a site change of the owner, after it commits', async () => {
    const a = await signedInUser(t.deps);
    const changes = recordChanges(t);
    try {
      siteOf(await putSite(t, a.auth, { name: 'Announced' }));
      expect(changes.take()).toEqual([{ kind: 'site', userIds: [a.user.id] }]);
      // A refused save changed nothing and announces nothing.
      expect((await putSite(t, a.auth, { textColor: 'nope' })).statusCode).toBe(400);
      expect(changes.take()).toEqual([]);
    } finally {
      changes.stop();
    }
  });

  it('limits saves per account (120 an hour)', { timeout: 90_000 }, async () => {
    const a = await signedInUser(t.deps);
    for (let i = 0; i < 120; i++)
      expect((await putSite(t, a.auth, { fontScale: 1 })).statusCode).toBe(200);
    const limited = await putSite(t, a.auth, { fontScale: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    const b = await signedInUser(t.deps);
    expect((await putSite(t, b.auth, { fontScale: 1 })).statusCode).toBe(200);
  });
});
