import { Form } from 'react-router';
import {
  PRODUCT_SORTS,
  PRODUCT_SORT_LABELS,
  type ProductSort,
} from '../../../../shared/contracts/catalog-rules';

/**
 * A GET form: without JavaScript the button submits it; with it, choosing an order submits at once
 * (the button stays for keyboard users who prefer it). Other parameters ride along as hidden fields.
 */
export function SortControl({
  sort,
  keep = {},
}: {
  sort: ProductSort;
  keep?: Record<string, string | undefined>;
}) {
  return (
    <Form method="get" className="flex items-end gap-2">
      {Object.entries(keep).map(([k, v]) =>
        v ? <input key={k} type="hidden" name={k} value={v} /> : null,
      )}
      <div>
        <label htmlFor="sort" className="field-label">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          className="input"
          // Handlers only run with JavaScript: without it the button submits.
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        >
          {PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {PRODUCT_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-secondary">
        Sort
      </button>
    </Form>
  );
}
