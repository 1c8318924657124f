import { Link } from 'react-router';
import type { InsightsResponse } from '../../../../shared/contracts/insights';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { sourceLabel } from '../../../../shared/source-names';
import { insightsCsvHref, type InsightsParams } from '../insights-paths';
import { ScrollTable } from './ScrollTable';
import { TableSection } from './TableSection';

// The ranked tables of the insights page: sources, posts and links. Each row's first cell is its
// row header, so a screen reader names the row as it reads each number.

interface TablesProps {
  data: InsightsResponse;
  params: InsightsParams;
}

const n = formatNumber;

function Head({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function SourcesTable({ data, params }: TablesProps) {
  const money = (v: number) => formatMoney(v, data.currency);
  return (
    <TableSection
      id="insights-sources"
      title="Sources"
      description="Where visits came from, ranked by revenue."
      csvHref={insightsCsvHref(params, 'sources')}
      empty={data.bySource.length ? null : 'No visits from any source in this range yet.'}
    >
      <ScrollTable labelId="insights-sources-caption">
        <table className="data-table">
          <caption id="insights-sources-caption" className="sr-only">
            Sources ranked by revenue
          </caption>
          <Head columns={['Source', 'Views', 'Visitors', 'Clicks', 'Carts', 'Orders', 'Revenue']} />
          <tbody>
            {data.bySource.map((s) => (
              <tr key={s.source}>
                <th scope="row">
                  <bdi>{sourceLabel(s.source)}</bdi>
                </th>
                <td>{n(s.views)}</td>
                <td>{n(s.visitors)}</td>
                <td>{n(s.clicks)}</td>
                <td>{n(s.carts)}</td>
                <td>{n(s.orders)}</td>
                <td>{money(s.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </TableSection>
  );
}

export function PostsTable({ data, params }: TablesProps) {
  return (
    <TableSection
      id="insights-posts"
      title="Top posts"
      description="Views, carts and sales of each of your posts."
      csvHref={insightsCsvHref(params, 'posts')}
      empty={
        data.byPost.length ? null : (
          <>
            No post has been viewed in this range yet.{' '}
            <Link to="/add-edit-item" className="link">
              Post something
            </Link>{' '}
            and share it.
          </>
        )
      }
    >
      <ScrollTable labelId="insights-posts-caption">
        <table className="data-table">
          <caption id="insights-posts-caption" className="sr-only">
            Top posts
          </caption>
          <Head columns={['Post', 'Views', 'Carts', 'Orders', 'Revenue']} />
          <tbody>
            {data.byPost.map((p) => (
              <tr key={p.postId}>
                <th scope="row">
                  {p.title === null ? (
                    <span className="text-gray-700 italic">Deleted post</span>
                  ) : p.path ? (
                    <Link to={p.path} className="link">
                      <bdi>{p.title}</bdi>
                    </Link>
                  ) : (
                    <bdi>{p.title}</bdi>
                  )}
                </th>
                <td>{n(p.views)}</td>
                <td>{n(p.carts)}</td>
                <td>{n(p.orders)}</td>
                <td>{formatMoney(p.revenue, data.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </TableSection>
  );
}

export function LinksTable({ data, params }: TablesProps) {
  return (
    <TableSection
      id="insights-links"
      title="Top links"
      description="Clicks of the links on your page, and the sales that followed."
      csvHref={insightsCsvHref(params, 'links')}
      empty={
        data.byLink.length ? null : (
          <>
            No link has been clicked in this range yet.{' '}
            <Link to="/edit-page" className="link">
              Add links to your page
            </Link>
            .
          </>
        )
      }
    >
      <ScrollTable labelId="insights-links-caption">
        <table className="data-table">
          <caption id="insights-links-caption" className="sr-only">
            Top links
          </caption>
          <Head columns={['Link', 'Clicks', 'Orders', 'Revenue']} />
          <tbody>
            {data.byLink.map((l) => (
              <tr key={l.linkId}>
                <th scope="row">
                  {l.title === null ? (
                    <span className="text-gray-700 italic">Deleted link</span>
                  ) : (
                    <bdi>{l.title}</bdi>
                  )}
                </th>
                <td>{n(l.clicks)}</td>
                <td>{n(l.orders)}</td>
                <td>{formatMoney(l.revenue, data.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </TableSection>
  );
}
