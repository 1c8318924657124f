import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { htmlText as text } from '../../../../../../tests/helpers/html-text';
import type { SiteDomain } from '../../../../../shared/contracts/sites';
import type { RootData } from '../../../../lib/root-data';
import type { SiteEditorState } from '../use-site-editor';
import { DomainSection } from './DomainSection';

const TOKEN = 'tok3n-tok3n-tok3n-tok3n';
const records = (name: string) => ({
  txtRecord: {
    type: 'TXT' as const,
    name: `_storefront.${name}`,
    value: `storefront-verify=${TOKEN}`,
  },
  httpFile: { url: `http://${name}/.well-known/storefront-verify.txt`, body: TOKEN },
});

const NONE: SiteDomain = {
  name: null,
  status: 'none',
  txtRecord: null,
  httpFile: null,
  target: 'www.market.example',
  verifiedAt: null,
  checkedAt: null,
  lastError: null,
  proofMissingSince: null,
  graceEndsAt: null,
  lost: null,
};

/** The owner's editor (on a plan with custom domains) showing `domain` as the server sent it. */
function render(domain: SiteDomain) {
  const editor = {
    site: { domain },
    values: { domainName: domain.name ?? '' },
    errors: {},
    setField() {},
    applyServerSite() {},
  } as unknown as SiteEditorState;
  const root = { user: { plan: { id: 'creator', end: null } } } as unknown as RootData;
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => root,
      children: [{ path: 'edit-page', Component: () => <DomainSection editor={editor} /> }],
    },
  ]);
  return renderToString(
    <Stub initialEntries={['/edit-page']} hydrationData={{ loaderData: { root } }} />,
  );
}

/** The rendered text, tags and entities gone, white space as plain spaces. */

describe('DomainSection (the owner sees what happened to their domain)', () => {
  it('says the proof is missing and by when to re-verify, in UTC, while the domain is still served', () => {
    const html = render({
      ...NONE,
      ...records('sold.example.com'),
      name: 'sold.example.com',
      status: 'verified',
      verifiedAt: '2026-02-01T09:00:00.000Z',
      checkedAt: '2026-03-01T10:00:00.000Z',
      lastError: 'No TXT record was found at _storefront.sold.example.com',
      proofMissingSince: '2026-03-01T10:00:00.000Z',
      graceEndsAt: '2026-03-04T10:00:00.000Z',
    });
    expect(html).toContain('data-status="proof-missing"');
    expect(text(html)).toContain('Proof missing — re-verify by Mar 4, 2026, 10:00 AM UTC');
    expect(html).toContain('data-testid="site-domain-grace"');
    expect(text(html)).toContain('Your page still answers on sold.example.com');
    expect(text(html)).toContain('No TXT record was found at _storefront.sold.example.com');
    expect(html).not.toContain('data-testid="site-domain-lost"');
    // The owner's plan serves custom domains: no upgrade note hides what matters.
    expect(html).not.toContain('data-testid="site-domain-plan"');
  });

  it('says a domain was lost for its missing proof, when, and how to get it back', () => {
    const html = render({
      ...NONE,
      ...records('sold.example.com'),
      name: 'sold.example.com',
      status: 'pending',
      checkedAt: '2026-03-04T10:00:00.000Z',
      lost: { name: 'sold.example.com', reason: 'proof_missing', at: '2026-03-04T10:00:00.000Z' },
    });
    expect(html).toContain('data-reason="proof_missing"');
    expect(text(html)).toContain(
      'sold.example.com stopped showing your page on Mar 4, 2026, 10:00 AM UTC: its proof was missing for 72 hours.',
    );
    expect(text(html)).toContain('Publish the proof again and press Check now');
    expect(html).toContain('data-status="pending"');
    expect(html).not.toContain('data-testid="site-domain-grace"');
  });

  it('says a pending claim was dropped because another seller proved the domain first', () => {
    const html = render({
      ...NONE,
      lost: {
        name: 'victim-shop.test',
        reason: 'claimed_by_another',
        at: '2026-03-02T08:30:00.000Z',
      },
    });
    expect(html).toContain('data-reason="claimed_by_another"');
    expect(text(html)).toContain(
      "Domain lost to another seller's proof: on Mar 2, 2026, 8:30 AM UTC another seller proved control of victim-shop.test first",
    );
    expect(html).toContain('data-status="none"');
  });
});
