import { useId } from 'react';
import { formatDay, formatMoney, formatNumber } from '../../../../shared/format';
import { CHART, chartBars, chartSummary, type Day } from '../chart-scale';
import { ScrollTable } from './ScrollTable';

// Drawn here as plain SVG on the server (no chart library): bars are the views of each day, a dot
// above a bar marks a day with orders. The picture has a one-paragraph summary as its name; the
// "Show as table" below it holds every day's numbers for anyone who needs them.

const VIEWS_COLOUR = '#4f46e5'; // indigo-600: 6.3:1 on white
const ORDERS_COLOUR = '#b45309'; // amber-700: 5:1 on white, and a different shape

export function DailyChart({ daily, currency }: { daily: readonly Day[]; currency: string }) {
  const id = useId();
  const { bars, max } = chartBars(daily);
  const summary = chartSummary(daily);
  const baseline = CHART.height - CHART.bottom;
  return (
    <div data-testid="insights-daily">
      <p className="mb-1 text-xs text-gray-700" aria-hidden="true">
        Scale: 0 to {formatNumber(max)} views a day
      </p>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full rounded-md border border-gray-200 bg-white"
        data-testid="insights-chart"
      >
        <title>{summary}</title>
        {[CHART.top, (CHART.top + baseline) / 2].map((y) => (
          <line key={y} x1={0} x2={CHART.width} y1={y} y2={y} stroke="#e5e7eb" strokeWidth={1} />
        ))}
        {bars.map((bar) => (
          <rect
            key={bar.day}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            fill={VIEWS_COLOUR}
          />
        ))}
        {bars.map((bar) =>
          bar.orderMark ? (
            <circle
              key={`o-${bar.day}`}
              cx={bar.orderMark.cx}
              cy={bar.orderMark.cy}
              r={4.5}
              fill={ORDERS_COLOUR}
              stroke="#fff"
              strokeWidth={1}
            />
          ) : null,
        )}
        <line
          x1={0}
          x2={CHART.width}
          y1={baseline}
          y2={baseline}
          stroke="#6b7280"
          strokeWidth={1}
        />
      </svg>
      <div className="mt-1 flex justify-between text-xs text-gray-700" aria-hidden="true">
        <span>{daily.length ? formatDay(daily[0]!.day) : ''}</span>
        <span>{daily.length ? formatDay(daily.at(-1)!.day) : ''}</span>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800">
        <span>
          <svg aria-hidden="true" width="12" height="12" className="mr-1 inline align-[-1px]">
            <rect width="12" height="12" fill={VIEWS_COLOUR} />
          </svg>
          Bars: views a day
        </span>
        <span>
          <svg aria-hidden="true" width="12" height="12" className="mr-1 inline align-[-1px]">
            <circle cx="6" cy="6" r="5" fill={ORDERS_COLOUR} />
          </svg>
          Dots: days with orders
        </span>
      </p>
      <details className="mt-3" data-testid="insights-daily-details">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800">
          Show as table
        </summary>
        <ScrollTable labelId={`${id}-caption`}>
          <table className="data-table" data-testid="insights-daily-table">
            <caption id={`${id}-caption`} className="sr-only">
              Every day of the range (UTC days)
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
                <th scope="col">Visitors</th>
                <th scope="col">Orders</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day}>
                  <th scope="row">
                    <time dateTime={d.day}>{formatDay(d.day)}</time>
                  </th>
                  <td>{formatNumber(d.views)}</td>
                  <td>{formatNumber(d.visitors)}</td>
                  <td>{formatNumber(d.orders)}</td>
                  <td>{formatMoney(d.revenue, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </details>
    </div>
  );
}
