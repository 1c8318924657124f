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
                    className="sr-only"
                  />
                  {/* Its look (filled when chosen, the ring when focused) is app.css .option-chip:
                      a seller's page draws it in their colours. */}
                  <label htmlFor={id} className="option-chip">
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
