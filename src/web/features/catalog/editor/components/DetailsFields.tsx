import { PRODUCT_LIMITS as L } from '../../../../../shared/contracts/catalog-rules';
import { TextAreaField, TextField } from '../../../../components/ui/form';
import { TagInput } from '../../../../components/ui/TagInput';
import { errorAt, fieldIdFor } from '../editor-errors';
import type { PostEditorState } from '../use-post-editor';
import { MoneyField } from './MoneyField';

/** Title, description, price, shipping, stock, whether it takes offers, and tags. */
export function DetailsFields({ editor, currency }: { editor: PostEditorState; currency: string }) {
  const { values, setField, errors } = editor;
  const left = L.descriptionMax - values.description.length;
  return (
    <div className="space-y-5">
      <TextField
        id={fieldIdFor('title')}
        label="Title"
        value={values.title}
        onChange={(e) => setField('title', e.target.value)}
        error={errors.title}
        maxLength={L.titleMax}
        required
        aria-required="true"
        hint="What you are selling, in a few words."
      />
      <TextAreaField
        id={fieldIdFor('description')}
        label="Description"
        rows={6}
        value={values.description}
        onChange={(e) => setField('description', e.target.value)}
        error={errors.description}
        hint={
          <span className={left < 0 ? 'font-semibold text-red-700' : undefined}>
            Condition, size, what is included. {left.toLocaleString('en-US')} characters left.
          </span>
        }
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <MoneyField
          id={fieldIdFor('price')}
          label="Price"
          value={values.price}
          onChange={(v) => setField('price', v)}
          currency={currency}
          error={errors.price}
        />
        <MoneyField
          id={fieldIdFor('shippingCost')}
          label="Shipping cost"
          value={values.shippingCost}
          onChange={(v) => setField('shippingCost', v)}
          currency={currency}
          error={errors.shippingCost}
          emptyText="free shipping"
        />
      </div>
      <TextField
        id={fieldIdFor('stock')}
        label="Stock"
        type="number"
        inputMode="numeric"
        min={0}
        max={L.stockMax}
        step={1}
        value={values.stock}
        onChange={(e) => setField('stock', e.target.value)}
        error={errors.stock}
        hint="How many you can sell. At 0 the post shows as sold out."
        fieldClassName="sm:max-w-xs"
      />
      <div>
        <label htmlFor={fieldIdFor('allowOffers')} className="flex min-h-11 items-center gap-3">
          <input
            id={fieldIdFor('allowOffers')}
            type="checkbox"
            className="size-5 shrink-0 accent-indigo-700"
            checked={values.allowOffers}
            onChange={(e) => setField('allowOffers', e.target.checked)}
            aria-describedby={`${fieldIdFor('allowOffers')}-hint`}
            data-testid="editor-allow-offers"
          />
          <span className="font-medium text-gray-900">Allow offers</span>
        </label>
        <p id={`${fieldIdFor('allowOffers')}-hint`} className="field-hint ml-8">
          Signed-in members may offer a lower price; an offer you accept is that buyer&apos;s price
          for 48 hours.
        </p>
      </div>
      <TagInput
        id={fieldIdFor('_tags')}
        label="Tags"
        value={values.tags}
        onChange={(tags) => setField('tags', tags)}
        rules={{ max: L.tagsMax, maxLength: L.tagMax }}
        hint="Buyers find posts by tag. Press Enter or type a comma after each."
        error={errorAt(errors, '_tags')}
      />
    </div>
  );
}
