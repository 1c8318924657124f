import { describe, expect, it } from 'vitest';
import { siteUpdateRequest } from '../../../../shared/contracts/sites';
import {
  changedFields,
  hasChanges,
  previewBranding,
  valuesFromForm,
  valuesFromSite,
} from './editor-values';
import { mySiteFixture } from './site.fixtures';

const SITE = mySiteFixture;

describe('the editor values', () => {
  const saved = valuesFromSite(SITE);

  it('start as the site is saved (no domain: an empty box)', () => {
    expect(saved).toMatchObject({ name: 'Maya Ceramics', domainName: '', fontScale: 1.05 });
    expect(hasChanges(saved, saved)).toBe(false);
  });

  it('send only what changed — never the untouched legacy font', () => {
    const body = changedFields(
      { ...saved, name: 'Maya Studio', headerTextColor: '#ffffff' },
      saved,
    );
    expect(body).toEqual({ name: 'Maya Studio', headerTextColor: '#ffffff' });
    expect(siteUpdateRequest.safeParse(body).success).toBe(true);
  });

  it('treat the same colour in another spelling and the same domain in capitals as unchanged', () => {
    const withDomain = { ...saved, domainName: 'shop.example.com' };
    expect(changedFields({ ...saved, headerTextColor: '#FFF7ED' }, saved)).toEqual({});
    expect(changedFields({ ...withDomain, domainName: ' Shop.Example.com ' }, withDomain)).toEqual(
      {},
    );
  });

  it('remove the domain with null when the box is emptied', () => {
    const withDomain = { ...saved, domainName: 'shop.example.com' };
    expect(changedFields({ ...withDomain, domainName: '  ' }, withDomain)).toEqual({
      domainName: null,
    });
  });

  it('send the time zone when it changed, trimmed; the contract refuses a name that is no zone', () => {
    expect(changedFields({ ...saved, timeZone: ' Pacific/Auckland ' }, saved)).toEqual({
      timeZone: 'Pacific/Auckland',
    });
    expect(changedFields({ ...saved, timeZone: 'UTC ' }, saved)).toEqual({});
    const parsed = siteUpdateRequest.safeParse(changedFields({ ...saved, timeZone: 'Mars/Olympus' }, saved));
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(/not a time zone/);
  });

  it('keep a half-typed colour out of the preview until it is a colour', () => {
    const typing = { ...saved, headerBackgroundColor: '#12', textColor: '#000' };
    const branding = previewBranding(typing, saved, null);
    expect(branding.headerBackgroundColor).toBe('#7c2d12');
    expect(branding.textColor).toBe('#000000');
    expect(previewBranding({ ...saved, name: '  ' }, saved, null).name).toBe('Maya Ceramics');
  });
});

describe('valuesFromForm (the editor without JavaScript)', () => {
  const saved = valuesFromSite(SITE);

  it('reads the posted fields over the saved ones; only the changes are sent', () => {
    const form = new FormData();
    form.set('name', 'Maya Studio');
    form.set('headerBranding', 'both');
    form.set('textColor', '#1C1917'); // the saved colour, in capitals
    form.set('headerTextColor', '#222');
    form.set('fontFamily', 'Georgia, serif'); // the legacy font, untouched
    form.set('fontScale', '1.2');
    form.set('domainName', '');
    form.set('timeZone', 'Europe/Paris');
    const values = valuesFromForm(form, saved);
    expect(values.description).toBe(saved.description);
    expect(changedFields(values, saved)).toEqual({
      name: 'Maya Studio',
      headerBranding: 'both',
      headerTextColor: '#222',
      fontScale: 1.2,
      timeZone: 'Europe/Paris',
    });
  });

  it('leaves a bad scale for the contract to refuse with a sentence', () => {
    const form = new FormData();
    form.set('fontScale', 'huge');
    const body = changedFields(valuesFromForm(form, saved), saved);
    const parsed = siteUpdateRequest.safeParse(JSON.parse(JSON.stringify(body)));
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['fontScale']);
  });
});
