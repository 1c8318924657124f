import { describe, expect, it } from 'vitest';
import { flippedSortHref, pageFrom, saleTabFrom, sortFrom } from './api/orders-api';
import { addressLines, formatDay, optionsText } from './labels';
import { toggled, useSelection } from './stores/selection-store';

const url = (s: string) => new URL(s, 'http://localhost');

describe('the purchases and sales lists’ URL state', () => {
  it('reads the sort as -1 (newest first) unless it is 1', () => {
    expect(sortFrom(url('/orders'))).toBe(-1);
    expect(sortFrom(url('/orders?sort=1'))).toBe(1);
    expect(sortFrom(url('/orders?sort=-1'))).toBe(-1);
    expect(sortFrom(url('/orders?sort=banana'))).toBe(-1);
  });

  it('flips the sort between 1 and -1, back to the first page, keeping the other parameters', () => {
    expect(flippedSortHref('/sales?show=shipped&page=3', -1)).toBe('/sales?show=shipped&sort=1');
    expect(flippedSortHref('/sales?show=shipped&sort=1&page=2', 1)).toBe('/sales?show=shipped');
    expect(flippedSortHref('/orders', -1)).toBe('/orders?sort=1');
  });

  it('reads the page (1 when absent or odd)', () => {
    expect(pageFrom(url('/orders?page=4'))).toBe(4);
    for (const bad of ['0', '-2', '1.5', 'x', '99999']) {
      expect(pageFrom(url(`/orders?page=${bad}`)), bad).toBe(1);
    }
  });

  it('reads the sales tab, To ship by default', () => {
    expect(saleTabFrom(url('/sales'))).toMatchObject({ id: 'to-ship', status: 'paid' });
    expect(saleTabFrom(url('/sales?show=all')).status).toBeUndefined();
    expect(saleTabFrom(url('/sales?show=cancelled')).status).toBe('cancelled');
    expect(saleTabFrom(url('/sales?show=nope')).id).toBe('to-ship');
  });
});

describe('selecting an order or a sale (SPEC §4)', () => {
  it('selects, moves to another, and deselects when the selected one is picked again', () => {
    expect(toggled(null, 'a')).toBe('a');
    expect(toggled('a', 'b')).toBe('b');
    expect(toggled('b', 'b')).toBeNull();
  });

  it('keeps the order and the sale selections apart', () => {
    const { toggleOrder, toggleSale } = useSelection.getState();
    toggleOrder('o1');
    toggleSale('s1');
    expect(useSelection.getState()).toMatchObject({ orderId: 'o1', saleId: 's1' });
    toggleOrder('o1');
    expect(useSelection.getState()).toMatchObject({ orderId: null, saleId: 's1' });
  });
});

describe('labels', () => {
  it('formats days in UTC, options and addresses', () => {
    expect(formatDay('2026-11-24T23:30:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDay(null)).toBe('');
    expect(optionsText({ Size: 'L', Colour: 'Blue' })).toBe('Size: L, Colour: Blue');
    expect(
      addressLines({
        name: 'Sam',
        line1: '1 Main St',
        line2: '',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
      }),
    ).toBe('Sam\n1 Main St\nSpringfield IL 62701\nUS');
  });
});
