import { Form } from 'react-router';
import {
  EARNINGS_PERIODS,
  PERIOD_LABELS,
  type PeriodInput,
} from '../../../../shared/contracts/earnings-rules';

/**
 * The period of the totals: a GET form, so it works before (and without) JavaScript — choose a
 * period, or Custom dates and the days, then Show. With JavaScript a preset applies at once and
 * typing a date picks Custom dates. Other parameters of the page (`keep`) ride along.
 */
export function PeriodForm({
  current,
  keep = {},
}: {
  /** The period shown (custom: with its days as asked). */
  current: PeriodInput & { period: NonNullable<PeriodInput['period']> };
  keep?: Record<string, string | undefined>;
}) {
  const custom = current.period === 'custom';
  return (
    <Form
      method="get"
      aria-label="Period of the totals"
      className="flex flex-wrap items-end gap-3"
      data-testid="earnings-period"
      // A new address (a link, Back) shows its own period, not the one last chosen here.
      key={`${current.period}:${current.from ?? ''}:${current.to ?? ''}`}
    >
      {Object.entries(keep).map(([k, v]) =>
        v ? <input key={k} type="hidden" name={k} value={v} /> : null,
      )}
      <div>
        <label htmlFor="earnings-period-select" className="field-label">
          Period
        </label>
        <select
          id="earnings-period-select"
          name="period"
          defaultValue={current.period}
          className="input"
          onChange={(e) => {
            if (e.currentTarget.value !== 'custom') e.currentTarget.form?.requestSubmit();
          }}
        >
          {EARNINGS_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="field-label">Custom dates (UTC)</legend>
        <div>
          <label htmlFor="earnings-from" className="field-label">
            From
          </label>
          <input
            id="earnings-from"
            name="from"
            type="date"
            className="input"
            defaultValue={custom ? (current.from ?? '') : ''}
            onChange={(e) => pickCustom(e.currentTarget.form)}
          />
        </div>
        <div>
          <label htmlFor="earnings-to" className="field-label">
            To
          </label>
          <input
            id="earnings-to"
            name="to"
            type="date"
            className="input"
            defaultValue={custom ? (current.to ?? '') : ''}
            onChange={(e) => pickCustom(e.currentTarget.form)}
          />
        </div>
      </fieldset>
      <button type="submit" className="btn btn-secondary">
        Show
      </button>
    </Form>
  );
}

/** Typing a date means custom dates (only with JavaScript: without it, the seller picks it). */
function pickCustom(form: HTMLFormElement | null) {
  const select = form?.elements.namedItem('period');
  if (select instanceof HTMLSelectElement) select.value = 'custom';
}
