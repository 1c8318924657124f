import { PRODUCT_LIMITS as L } from '../../../../../shared/contracts/catalog-rules';
import { TextField } from '../../../../components/ui/form';
import { fieldIdFor } from '../editor-errors';
import { emptyOption, emptyVariation, type VariationDraft } from '../editor-values';
import type { PostEditorState } from '../use-post-editor';
import { MoneyField } from './MoneyField';

function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * Option groups a buyer picks from (Size, Colour…): each with options that have a name, a price
 * change and, if they are counted apart, their own stock. Plain buttons and inputs in reading
 * order, so it works the same by keyboard; focus moves to what was just added, or to the add
 * button after a removal.
 */
export function VariationsEditor({
  editor,
  currency,
}: {
  editor: PostEditorState;
  currency: string;
}) {
  const { values, setField, errors } = editor;
  const variations = values.variations;
  const set = (next: VariationDraft[]) => setField('variations', next);
  const update = (vi: number, change: (v: VariationDraft) => VariationDraft) =>
    set(variations.map((v, i) => (i === vi ? change(v) : v)));

  function addVariation() {
    set([...variations, emptyVariation()]);
    focusLater(fieldIdFor(`variations.${variations.length}.name`));
  }
  function removeVariation(vi: number) {
    set(variations.filter((_, i) => i !== vi));
    focusLater('post-variation-add');
  }
  function addOption(vi: number) {
    const count = variations[vi]?.options.length ?? 0;
    update(vi, (v) => ({ ...v, options: [...v.options, emptyOption()] }));
    focusLater(fieldIdFor(`variations.${vi}.options.${count}.name`));
  }
  function removeOption(vi: number, oi: number) {
    update(vi, (v) => ({ ...v, options: v.options.filter((_, i) => i !== oi) }));
    focusLater(`post-variation-${vi}-option-add`);
  }

  const groupError = errors.variations;
  return (
    <div className="space-y-4" data-testid="variations-editor">
      <p className="text-sm text-gray-700">
        Options a buyer chooses from, such as Size or Colour. Leave the price change empty when an
        option costs the same, and the stock empty when it shares the post&apos;s stock.
      </p>
      {groupError ? (
        <p className="field-error" data-testid="post-variations-error">
          {groupError}
        </p>
      ) : null}
      {variations.map((variation, vi) => {
        const base = `variations.${vi}`;
        const label = variation.name.trim() || `Variation ${vi + 1}`;
        return (
          <fieldset
            key={variation.key}
            className="space-y-4 rounded-lg border border-gray-300 p-4"
            data-testid="variation"
          >
            <legend className="px-1 text-base font-semibold text-gray-900">{label}</legend>
            <TextField
              id={fieldIdFor(`${base}.name`)}
              label="Name"
              placeholder="Size"
              value={variation.name}
              maxLength={L.variationNameMax}
              onChange={(e) => update(vi, (v) => ({ ...v, name: e.target.value }))}
              error={errors[`${base}.name`]}
            />
            {errors[`${base}.options`] ? (
              <p className="field-error">{errors[`${base}.options`]}</p>
            ) : null}
            <ol className="space-y-3" aria-label={`Options of ${label}`}>
              {variation.options.map((option, oi) => {
                const ob = `${base}.options.${oi}`;
                const optionLabel = option.name.trim() || `Option ${oi + 1}`;
                return (
                  <li
                    key={option.key}
                    className="grid gap-3 rounded-md bg-gray-50 p-3 sm:grid-cols-[1fr_9rem_7rem_auto] sm:items-start"
                    data-testid="variation-option"
                  >
                    <TextField
                      id={fieldIdFor(`${ob}.name`)}
                      label={`Option ${oi + 1}`}
                      placeholder="Large"
                      value={option.name}
                      maxLength={L.optionNameMax}
                      onChange={(e) =>
                        update(vi, (v) => ({
                          ...v,
                          options: v.options.map((o, i) =>
                            i === oi ? { ...o, name: e.target.value } : o,
                          ),
                        }))
                      }
                      error={errors[`${ob}.name`]}
                    />
                    <MoneyField
                      id={fieldIdFor(`${ob}.priceDelta`)}
                      label="Price change"
                      signed
                      value={option.priceDelta}
                      currency={currency}
                      emptyText="no change"
                      onChange={(value) =>
                        update(vi, (v) => ({
                          ...v,
                          options: v.options.map((o, i) =>
                            i === oi ? { ...o, priceDelta: value } : o,
                          ),
                        }))
                      }
                      error={errors[`${ob}.priceDelta`]}
                    />
                    <TextField
                      id={fieldIdFor(`${ob}.stock`)}
                      label="Own stock"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      placeholder="Shared"
                      value={option.stock}
                      onChange={(e) =>
                        update(vi, (v) => ({
                          ...v,
                          options: v.options.map((o, i) =>
                            i === oi ? { ...o, stock: e.target.value } : o,
                          ),
                        }))
                      }
                      error={errors[`${ob}.stock`]}
                    />
                    <button
                      type="button"
                      className="btn btn-ghost text-red-800 sm:mt-7"
                      onClick={() => removeOption(vi, oi)}
                      disabled={variation.options.length <= 1}
                      aria-label={`Remove option ${optionLabel} of ${label}`}
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ol>
            <div className="flex flex-wrap gap-2">
              <button
                id={`post-variation-${vi}-option-add`}
                type="button"
                className="btn btn-secondary"
                onClick={() => addOption(vi)}
                disabled={variation.options.length >= L.optionsMax}
                aria-label={`Add option to ${label}`}
              >
                Add option
              </button>
              <button
                type="button"
                className="btn btn-ghost text-red-800"
                onClick={() => removeVariation(vi)}
                aria-label={`Remove variation ${label}`}
              >
                Remove variation
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        id="post-variation-add"
        type="button"
        className="btn btn-secondary"
        onClick={addVariation}
        disabled={variations.length >= L.variationsMax}
        data-testid="variation-add"
      >
        Add a variation
      </button>
    </div>
  );
}
