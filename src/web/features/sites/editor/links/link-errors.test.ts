import { describe, expect, it } from 'vitest';
import { newDraft } from './link-draft';
import {
  errorKey,
  errorOrder,
  rowErrors,
  rowsWithErrors,
  splitErrorKey,
  withoutRowErrors,
} from './link-errors';
import { checkLinks } from './link-validation';

const KEYS = ['a1', 'new-1', 'b2'];

describe('rowErrors', () => {
  it('puts a server detail by the field of the row it names (string or number indexes)', () => {
    const details = [
      { path: ['links', '1', 'url'], message: 'Links can open web pages…' },
      {
        path: ['links', 2, 'showUntil'],
        message: 'The link must stop showing after it starts showing.',
      },
      { path: ['links', '0', 'postId'], message: 'Choose one of your own posts.' },
      { path: ['links', '0', 'tag'], message: 'second target problem: the first one stays' },
      { path: ['links', '2', 'id'], message: 'This link is no longer in your list.' },
    ];
    expect(rowErrors(details, KEYS)).toEqual({
      'new-1.target': 'Links can open web pages…',
      'b2.showUntil': 'The link must stop showing after it starts showing.',
      'a1.target': 'Choose one of your own posts.',
      'b2.row': 'This link is no longer in your list.',
    });
  });
  it('keeps the list’s own problem and drops what names no row of the list', () => {
    expect(
      rowErrors(
        [
          { path: ['links'], message: 'You can have at most 50 links.' },
          { path: ['links', '7', 'title'], message: 'no such row' },
          { path: ['timeZone'], message: 'not this form' },
          { nope: true },
        ],
        KEYS,
      ),
    ).toEqual({ links: 'You can have at most 50 links.' });
    expect(rowErrors(undefined, KEYS)).toEqual({});
  });
});

describe('error keys', () => {
  it('orders the list’s error first, then each row’s fields in form order', () => {
    const order = errorOrder(['x', 'y']);
    expect(order[0]).toBe('links');
    expect(order.indexOf('x.title')).toBeLessThan(order.indexOf('x.target'));
    expect(order.indexOf('x.showUntil')).toBeLessThan(order.indexOf('y.title'));
  });
  it('finds the rows with errors, splits a key, and drops one row’s errors', () => {
    const errors = { [errorKey('b2', 'title')]: 'Give the link a title.', links: 'Too many' };
    expect(rowsWithErrors(errors, KEYS)).toEqual(['b2']);
    expect(splitErrorKey('new-1.target')).toEqual({ rowKey: 'new-1', field: 'target' });
    expect(splitErrorKey('links')).toBeNull();
    expect(withoutRowErrors(errors, 'b2')).toEqual({ links: 'Too many' });
  });
});

describe('checkLinks (the API’s contract, loaded on demand)', () => {
  it('refuses a javascript: address by that row’s target and a missing title by its title', async () => {
    const rows = [
      { ...newDraft('a'), title: 'Fine', url: 'https://example.com' },
      { ...newDraft('b'), title: '', url: 'javascript:alert(1)' },
      { ...newDraft('c'), title: 'Post', kind: 'post' as const },
    ];
    const checked = await checkLinks(rows);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors['b.title']).toBe('Give the link a title.');
    expect(checked.errors['b.target']).toMatch(/not javascript: addresses/);
    expect(checked.errors['c.target']).toMatch(/^Choose one of your posts\.$/);
    expect(Object.keys(checked.errors).some((k) => k.startsWith('a.'))).toBe(false);
  });
  it('answers the body to send when the list is valid', async () => {
    const checked = await checkLinks([
      { ...newDraft('a'), title: ' Shop ', url: 'HTTPS://example.com' },
    ]);
    expect(checked).toEqual({
      ok: true,
      data: {
        links: [
          expect.objectContaining({ title: 'Shop', url: 'https://example.com', enabled: true }),
        ],
      },
    });
  });
});
