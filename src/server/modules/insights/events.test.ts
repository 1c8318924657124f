import { describe, expect, it } from 'vitest';
import { groupEvents, type InsightEvent } from './events';

const seller = '0b9a5c2e-1f4d-4c3a-9e8b-7a6d5c4b3a21';
const view = (at: string, over: Partial<InsightEvent> = {}): InsightEvent => ({
  at: new Date(at),
  sellerId: seller,
  kind: 'view',
  source: 'direct',
  postId: null,
  linkId: null,
  visitor: 'v1',
  ...over,
});

describe('groupEvents', () => {
  it('writes identical events of a UTC day as one row counted in times', () => {
    const rows = groupEvents([
      view('2026-11-28T10:00:00Z'),
      view('2026-11-28T10:00:01Z'),
      view('2026-11-28T23:59:59Z'),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: '2026-11-28', times: 3, visitor: 'v1', at: '2026-11-28T10:00:00.000Z' });
  });

  it('keeps apart what any count reads: day, kind, source, post, link, visitor, orders and amount', () => {
    const at = '2026-11-28T10:00:00Z';
    const rows = groupEvents([
      view(at),
      view('2026-11-29T00:00:00Z'),
      view(at, { kind: 'click' }),
      view(at, { source: 'ig' }),
      view(at, { postId: '1b9a5c2e-1f4d-4c3a-9e8b-7a6d5c4b3a21' }),
      view(at, { linkId: '2b9a5c2e-1f4d-4c3a-9e8b-7a6d5c4b3a21' }),
      view(at, { visitor: 'v2' }),
      view(at, { kind: 'order', orders: 1, amountMinor: 1200, visitor: null }),
      view(at, { kind: 'order', orders: 1, amountMinor: 1500, visitor: null }),
    ]);
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.times === 1)).toBe(true);
  });
});
