import { describe, expect, it } from 'vitest';
import { csvFilename, itemsCell } from './earnings-csv';
import { summarise, type BucketRow } from './earnings';

const bucket = (row: Partial<BucketRow> & Pick<BucketRow, 'bucket'>): BucketRow => ({
  sales: 1,
  totalMinor: 0,
  feeMinor: 0,
  shareMinor: 0,
  refundMinor: 0,
  transferMinor: 0,
  ...row,
});

describe('summarise', () => {
  it('is zero for no sales', () => {
    expect(summarise([])).toEqual({
      salesCount: 0,
      gross: 0,
      platformFees: 0,
      refunds: 0,
      net: 0,
      paidOut: 0,
      waiting: { total: 0, byRelease: [] },
    });
  });

  it('keeps no fee on a cancelled sale and reconciles net with paid out plus waiting', () => {
    const summary = summarise([
      // Refunded in full: its fee and share do not count.
      bucket({
        bucket: 'cancelled',
        totalMinor: 3740,
        feeMinor: 170,
        shareMinor: 3570,
        refundMinor: 3740,
      }),
      bucket({
        bucket: 'paid_out',
        totalMinor: 7480,
        feeMinor: 340,
        shareMinor: 7140,
        transferMinor: 7140,
      }),
      bucket({ bucket: 'transfer', sales: 2, totalMinor: 7480, feeMinor: 340, shareMinor: 7140 }),
      bucket({ bucket: 'shipment', totalMinor: 1001, feeMinor: 51, shareMinor: 950 }),
    ]);
    expect(summary).toEqual({
      salesCount: 5,
      gross: 197.01,
      platformFees: 7.31,
      refunds: 37.4,
      net: 152.3,
      paidOut: 71.4,
      waiting: {
        total: 80.9,
        // In the order of RELEASES, whatever order the rows came in.
        byRelease: [
          { releasesOn: 'shipment', amount: 9.5, salesCount: 1 },
          { releasesOn: 'transfer', amount: 71.4, salesCount: 2 },
        ],
      },
    });
  });
});

describe('the CSV cells', () => {
  it('lists a sale’s lines with their options', () => {
    expect(
      itemsCell([
        { title: 'Mug', amount: 2, options: { Colour: 'Blue' } },
        { title: 'Plate', amount: 1, options: {} },
      ]),
    ).toBe('2 × Mug (Colour: Blue); 1 × Plate');
    expect(itemsCell([])).toBe('');
  });

  it('names the file by its dates', () => {
    expect(
      csvFilename('sales', { period: 'last-month', from: '2026-02-01', to: '2026-02-28' }),
    ).toBe('sales-2026-02-01-to-2026-02-28.csv');
    expect(csvFilename('payouts', { period: 'all', from: null, to: '2026-03-05' })).toBe(
      'payouts-all-to-2026-03-05.csv',
    );
  });
});
