import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { htmlText as text } from '../../../../../tests/helpers/html-text';
import { chartSummary } from '../chart-scale';
import { insightsFixture, totals } from '../insights.fixtures';
import { InsightsPage, type InsightsPageProps } from './InsightsPage';

const RANGES = [
  { range: '7d', days: 7 },
  { range: '30d', days: 30 },
  { range: '90d', days: 90 },
  { range: '365d', days: 365 },
] as const;

function render(patch: Partial<InsightsPageProps> = {}) {
  const props: InsightsPageProps = {
    params: { range: '7d', userId: null },
    ranges: RANGES,
    data: insightsFixture(),
    error: null,
    pageUrl: 'https://market.example/maya',
    own: true,
    onCleared: () => {},
    ...patch,
  };
  const Stub = createRoutesStub([
    { path: '/insights', Component: () => <InsightsPage {...props} /> },
  ]);
  return renderToString(<Stub initialEntries={['/insights']} />);
}

/** The text of the page with its tags dropped (React's comment markers too). */

describe('InsightsPage', () => {
  it('shows the range links, the current one marked, keeping an admin’s user id', () => {
    const html = render({ params: { range: '7d', userId: 'u9' }, own: false });
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/insights\?range=7d&amp;userId=u9"/,
    );
    expect(html).toContain('href="/insights?range=365d&amp;userId=u9"');
    expect(text(html)).toContain('365 days');
  });

  it('shows each headline number with its change against the period before', () => {
    const page = text(render());
    expect(page).toContain('Views 1,234 ▲ +23% vs previous 7 days');
    expect(page).toContain('Visitors 321 no change vs previous 7 days');
    expect(page).toContain('Link clicks 120 ▲ new vs previous 7 days');
    expect(page).toContain('Added to cart 30 ▼ -25% vs previous 7 days');
    expect(page).toContain('Revenue $1,500.50 ▲ +100% vs previous 7 days');
    // The arrows are decoration: hidden from screen readers, the words say it.
    expect(render()).toMatch(/<span aria-hidden="true">▼ <\/span>/);
  });

  it('shows the funnel with each step’s conversion', () => {
    const page = text(render());
    expect(page).toContain('Link clicks 120 9.7% of views');
    expect(page).toContain('Added to cart 30 25% of link clicks');
    expect(page).toContain('Orders 6 20% of carts');
  });

  it('draws the days as a named picture with every day in a table on demand', () => {
    const data = insightsFixture();
    const html = render({ data });
    const summary = chartSummary(data.daily).replace(/'/g, '&#x27;');
    expect(html).toContain(`role="img" aria-label="${summary}"`);
    expect(html).toContain(`<title>${summary}</title>`);
    const chart = /<svg[^>]*role="img"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(chart.match(/<rect x=/g)).toHaveLength(7);
    expect(chart.match(/<circle cx=/g)).toHaveLength(1);
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Show as table<\/summary>/);
    expect(html.match(/<time dateTime="2026-03-0\d">/g)).toHaveLength(7);
  });

  it('ranks the sources by name, links the posts, and names the deleted ones', () => {
    const html = render();
    const page = text(html);
    expect(page).toContain('Instagram bio link 800 200 90 20 5 $1,200.00');
    expect(html).toMatch(/<a [^>]*href="\/maya\/blue-mug-3f2a"[^>]*><bdi>Blue mug<\/bdi><\/a>/);
    expect(page).toContain('Deleted post');
    expect(page).toContain('Deleted link');
    // A post that is not public has no page to link to.
    expect(html).not.toMatch(/<a [^>]*>(<bdi>)?Draft bowl/);
    expect(html.match(/<caption/g)).toHaveLength(4);
    expect(html.match(/<th scope="col">/g)!.length).toBeGreaterThan(10);
  });

  it('offers every table as a CSV file', () => {
    const html = render();
    for (const table of ['daily', 'sources', 'posts', 'links'])
      expect(html).toContain(`href="/insights/export.csv?table=${table}&amp;range=7d" download=""`);
    expect(text(html)).toContain('Download CSV of sources');
  });

  it('says how visitors are counted and links to the whole method', () => {
    const html = render();
    expect(text(html)).toContain('the sum of each day’s unique visitors');
    expect(text(html)).toContain('Days are UTC days.');
    expect(html).toContain('href="/how-we-count"');
  });

  it('shows how to get the first numbers when nothing was counted, with the page address', () => {
    const html = render({ data: insightsFixture({ totals: totals(), previous: totals() }) });
    expect(text(html)).toContain('No visits counted yet');
    expect(html).toContain('href="https://market.example/maya"');
    expect(html).toContain('aria-label="Copy your page’s address"');
    expect(html).not.toContain('data-testid="insights-headlines"');
    // An admin looking at someone else's: no address, no clearing.
    const other = render({
      data: insightsFixture({ totals: totals(), previous: totals() }),
      own: false,
    });
    expect(other).not.toContain('market.example/maya');
    expect(other).not.toContain('data-testid="insights-clear"');
  });

  it('offers Clear insights on the seller’s own page, waiting for the script', () => {
    expect(render()).toMatch(/<button type="button" class="btn btn-danger" disabled=""/);
    expect(text(render())).toContain('Clear insights');
  });

  it('says why there are no numbers when the call was refused', () => {
    const html = render({ data: null, error: 'You can only see your own insights.' });
    expect(html).toMatch(/role="alert"[^>]*>You can only see your own insights.</);
    expect(html).not.toContain('insights-headlines');
    expect(html).not.toContain('data-testid="insights-clear"');
  });
});
