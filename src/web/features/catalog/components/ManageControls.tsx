import { useState } from 'react';
import { Link } from 'react-router';
import { catalogApi } from '../../../../shared/api/catalog';
import { PRODUCT_STATUSES, type ProductStatus } from '../../../../shared/contracts/catalog-rules';
import type { Product } from '../../../../shared/contracts/catalog';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showConfirm, showNotify } from '../../../components/ui/modal';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/use-hydrated';

export const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  sold: 'Sold',
  archived: 'Archived',
};

/**
 * A managed post's controls (my posts, admin): its status, edit and delete. They call the API from
 * the browser, then `onChanged` reloads the list.
 */
export function ManageControls({
  product,
  onChanged,
}: {
  product: Product;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  // A status picked before hydration would change nothing (its handler is script).
  const hydrated = useHydrated();
  const id = product._id;

  async function setStatus(status: ProductStatus) {
    setBusy(true);
    try {
      await api.call(catalogApi.setProductStatus, { body: { id, status } });
      onChanged();
      void showNotify(MESSAGES.productUpdated);
    } catch (err) {
      void notifyError(err, MESSAGES.productUpdateError);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!(await showConfirm(MESSAGES.confirmIrreversible, undefined, 'Delete this post?'))) return;
    setBusy(true);
    try {
      await api.call(catalogApi.deleteProduct, { query: { id } });
      onChanged();
    } catch (err) {
      void notifyError(err, MESSAGES.genericError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="manage-controls">
      <div>
        <label htmlFor={`status-${id}`} className="text-sm font-medium text-gray-800">
          Status
        </label>
        <select
          id={`status-${id}`}
          className="input mt-1"
          value={product.status}
          disabled={busy || !hydrated}
          data-testid="manage-status"
          onChange={(e) => void setStatus(e.currentTarget.value as ProductStatus)}
        >
          {PRODUCT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <Link
          to={`/add-edit-item/${encodeURIComponent(id)}`}
          className="btn btn-secondary flex-1"
          data-testid="manage-edit"
        >
          Edit<span className="sr-only"> {product.title}</span>
        </Link>
        <button
          type="button"
          className="btn btn-danger flex-1"
          disabled={busy || !hydrated}
          data-testid="manage-delete"
          onClick={() => void remove()}
        >
          Delete<span className="sr-only"> {product.title}</span>
        </button>
      </div>
    </div>
  );
}

/** Links filtering a managed list by status (plain links: they work without JavaScript). */
export function StatusFilter({
  path,
  current,
  keep = {},
}: {
  path: string;
  current?: ProductStatus;
  keep?: Record<string, string | undefined>;
}) {
  const href = (status?: ProductStatus) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(keep)) if (v) params.set(k, v);
    if (status) params.set('status', status);
    const s = params.toString();
    return s ? `${path}?${s}` : path;
  };
  const link = 'pill-link';
  return (
    <nav aria-label="Filter by status" data-testid="status-filter">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={href()} aria-current={!current ? 'page' : undefined} className={link}>
            All
          </Link>
        </li>
        {PRODUCT_STATUSES.map((s) => (
          <li key={s}>
            <Link to={href(s)} aria-current={current === s ? 'page' : undefined} className={link}>
              {STATUS_LABELS[s]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
