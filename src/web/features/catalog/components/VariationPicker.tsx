import type { Product } from '../../../../shared/contracts/catalog';
import { formatMoney } from '../../../../shared/format';
import type { Selection } from './pricing';

/** One radio group per variation; an option's price change and "sold out" are in its label. */
export function VariationPicker({
  variations,
  selection,
  onChange,
  currency,
  idPrefix,
}: {
  variations: Product['variations'];
  selection: Selection;
  onChange: (name: string, option: string) => void;
  currency: string;
  idPrefix: string;
}) {
  return (
    <div className="space-y-4" data-testid="post-variations">
      {variations.map((v, vi) => (
        <fieldset key={v.name}>
          <legend className="font-semibold">{v.name}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {v.options.map((o, oi) => {
              const id = `${idPrefix}-v${vi}-o${oi}`;
              const out = o.stock === 0;
              return (
                <span key={o.name}>
                  <input
                    type="radio"
                    id={id}
                    name={`${idPrefix}-variation-${vi}`}
                    value={o.name}
                    checked={selection[v.name] === o.name}
                    onChange={() => onChange(v.name, o.name)}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={id}
                    className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 peer-checked:border-indigo-700 peer-checked:bg-indigo-700 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600"
                  >
                    {o.name}
                    {o.priceDelta !== 0 && (
                      <span className="ml-1">
                        ({o.priceDelta > 0 ? '+' : '−'}
                        {formatMoney(Math.abs(o.priceDelta), currency)})
                      </span>
                    )}
                    {out && <span className="ml-1">· sold out</span>}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
