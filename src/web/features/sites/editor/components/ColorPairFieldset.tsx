import {
  SITE_COLOR_LABELS,
  normalizeHexColor,
  type SiteColorField,
} from '../../../../../shared/contracts/site-rules';
import { FieldShell } from '../../../../components/ui/form';
import { describedBy } from '../../../../lib/form-errors';
import { checkPair, contrastMessage, type ContrastPair } from '../color-contrast';
import { fieldId } from '../editor-values';
import type { SiteEditorState } from '../use-site-editor';

const FIELD_LABELS = SITE_COLOR_LABELS;

interface ColorFieldProps {
  field: SiteColorField;
  editor: SiteEditorState;
  /** The contrast warning's id when the pair fails (read out with both controls). */
  warningId?: string;
}

/**
 * One colour: the browser's colour picker beside a hex text box, kept in step. The text box is the
 * field (its value is what is saved, and it works without JavaScript); while it holds a half-typed
 * colour the picker shows the saved one.
 */
function ColorField({ field, editor, warningId }: ColorFieldProps) {
  const id = fieldId(field);
  const label = FIELD_LABELS[field];
  const value = editor.values[field];
  const pickerValue = normalizeHexColor(value) ?? editor.saved[field];
  return (
    <FieldShell id={id} label={label} error={editor.errors[field]}>
      {(aria) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            value={pickerValue}
            onChange={(e) => editor.setField(field, e.target.value)}
            aria-label={`${label}, colour picker`}
            aria-describedby={describedBy(warningId)}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-gray-400 bg-white p-1"
            data-testid={`${id}-picker`}
          />
          <input
            id={id}
            name={field}
            type="text"
            className="input font-mono"
            value={value}
            onChange={(e) => editor.setField(field, e.target.value)}
            maxLength={20}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="#1f2937"
            aria-invalid={aria['aria-invalid']}
            aria-describedby={describedBy(aria['aria-describedby'], warningId)}
          />
        </div>
      )}
    </FieldShell>
  );
}

/**
 * A text colour and the background it sits on, as one group. When the two fail WCAG AA (4.5:1) a
 * warning says by how much and offers the nearest colour of the same hue that passes.
 */
export function ColorPairFieldset({
  pair,
  editor,
}: {
  pair: ContrastPair;
  editor: SiteEditorState;
}) {
  const colors = {
    [pair.text]: normalizeHexColor(editor.values[pair.text]) ?? editor.saved[pair.text],
    [pair.background]:
      normalizeHexColor(editor.values[pair.background]) ?? editor.saved[pair.background],
  };
  const warning = checkPair(pair, colors);
  const warningId = warning ? `site-contrast-${pair.key}` : undefined;
  const hintId = `site-colors-${pair.key}-hint`;
  return (
    <fieldset
      className="rounded-lg border border-gray-200 p-4"
      aria-describedby={hintId}
      data-testid={`site-colors-${pair.key}`}
    >
      <legend className="px-1 font-semibold text-gray-900">{pair.legend}</legend>
      <p id={hintId} className="field-hint mt-0 mb-3">
        {pair.hint}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField field={pair.background} editor={editor} />
        <ColorField field={pair.text} editor={editor} warningId={warningId} />
      </div>
      {warning ? (
        <div
          id={warningId}
          className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid={`site-contrast-${pair.key}`}
        >
          <p className="font-medium">{contrastMessage(warning)}</p>
          {warning.shownInstead ? (
            <p className="mt-1">
              Until you change it, your page shows this text in {warning.shownInstead} so that it
              stays readable.
            </p>
          ) : null}
          {warning.suggestion ? (
            <button
              type="button"
              className="btn btn-secondary mt-2"
              onClick={() =>
                editor.applySuggestion(pair.text, warning.suggestion!, FIELD_LABELS[pair.text])
              }
              data-testid={`site-contrast-${pair.key}-fix`}
            >
              <span
                aria-hidden="true"
                className="inline-block size-4 rounded-sm border border-gray-500"
                style={{ background: warning.suggestion }}
              />
              Use {warning.suggestion}
            </button>
          ) : (
            <p className="mt-1">
              No shade of this text colour reads on that background: choose a lighter or darker
              background.
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
