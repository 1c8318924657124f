import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { insightsFixture } from '../insights.fixtures';
import { insightsCsvHref, insightsHref } from '../insights-paths';
import { INSIGHTS_LOAD_ERROR, RANGE_OPTIONS, insightsParamsOf, loadInsights } from './insights-api';

const url = (search: string) => new URL(`http://x/insights${search}`);

/** The app's typed client over a stub answering every request with `answer`, keeping the URLs. */
function clientAnswering(answer: () => Response) {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    refresh: false,
    fetch: async (input) => {
      asked.push(String(input));
      return answer();
    },
  });
  return { client, asked };
}

describe('the insights URL', () => {
  it('reads the range (30 days unless a known one is asked) and an admin’s user id', () => {
    expect(insightsParamsOf(url(''))).toEqual({ range: '30d', userId: null });
    expect(insightsParamsOf(url('?range=7d'))).toEqual({ range: '7d', userId: null });
    expect(insightsParamsOf(url('?range=12d&userId=u-1'))).toEqual({
      range: '30d',
      userId: 'u-1',
    });
    expect(RANGE_OPTIONS.map((r) => [r.range, r.days])).toEqual([
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
      ['365d', 365],
    ]);
  });

  it('keeps the user id in the range links and the CSV links', () => {
    expect(insightsHref({ range: '90d', userId: null })).toBe('/insights?range=90d');
    expect(insightsHref({ range: '7d', userId: 'u 1' })).toBe('/insights?range=7d&userId=u+1');
    expect(insightsCsvHref({ range: '7d', userId: 'u1' }, 'posts')).toBe(
      '/insights/export.csv?table=posts&range=7d&userId=u1',
    );
  });
});

describe('loading the insights', () => {
  it('asks GET /insights for the range and user, and hands back the answer', async () => {
    const data = insightsFixture();
    const { client, asked } = clientAnswering(() => Response.json(data));
    const answer = await loadInsights(client, { range: '7d', userId: 'u1' });
    expect(answer).toEqual({ data, error: null, status: 200 });
    expect(asked).toEqual(['http://api.test/api/v1/insights?range=7d&userId=u1']);
  });

  it("turns a refusal into the API's sentence and a failure into ours, never throwing", async () => {
    const refused = clientAnswering(() =>
      Response.json({ message: 'You can only see your own insights.' }, { status: 403 }),
    );
    expect(await loadInsights(refused.client, { range: '30d', userId: 'u2' })).toEqual({
      data: null,
      error: 'You can only see your own insights.',
      status: 403,
    });
    const broken = clientAnswering(() => new Response('oops', { status: 500 }));
    expect(await loadInsights(broken.client, { range: '30d', userId: null })).toMatchObject({
      data: null,
      error: INSIGHTS_LOAD_ERROR,
    });
  });
});
