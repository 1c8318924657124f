import { describe, expect, it } from 'vitest';
import { insightsFixture } from './insights.fixtures';
import { INSIGHT_TABLES, insightsCsv, isInsightTable } from './insights-csv';

const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('the insights tables as CSV', () => {
  const data = insightsFixture();

  it('names the file after the table and the days', () => {
    expect(insightsCsv('sources', data).filename).toBe(
      'insights-sources-2026-03-01-to-2026-03-07.csv',
    );
  });

  it('writes the sources with their names, and guards a formula-like campaign name', () => {
    expect(lines(insightsCsv('sources', data).csv)).toEqual([
      'source,name,views,visitors,clicks,carts,orders,revenue (USD)',
      'ig,Instagram bio link,800,200,90,20,5,1200',
      "'=cmd,'=cmd,10,5,1,0,0,0",
    ]);
  });

  it('writes posts and links, deleted ones named so', () => {
    expect(lines(insightsCsv('posts', data).csv)).toEqual([
      'post id,title,views,carts,orders,revenue (USD)',
      'p1,Blue mug,500,12,4,72',
      'p2,Deleted post,3,0,0,0',
      'p3,Draft bowl,1,0,0,0',
    ]);
    expect(lines(insightsCsv('links', data).csv)).toEqual([
      'link id,title,clicks,orders,revenue (USD)',
      'l1,Instagram,100,2,36',
      'l2,Deleted link,4,0,0',
    ]);
  });

  it('writes every day', () => {
    const daily = lines(insightsCsv('daily', data).csv);
    expect(daily[0]).toBe('day (UTC),views,visitors,orders,revenue (USD)');
    expect(daily.slice(1)).toHaveLength(7);
    expect(daily.at(-1)).toBe('2026-03-07,7,6,2,42.5');
  });

  it('knows its tables', () => {
    expect(INSIGHT_TABLES.every(isInsightTable)).toBe(true);
    expect(isInsightTable('users')).toBe(false);
    expect(isInsightTable(null)).toBe(false);
  });
});
