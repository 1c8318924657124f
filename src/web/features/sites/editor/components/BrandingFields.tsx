import { FONT_SCALE, SITE_FONTS, siteFont } from '../../../../../shared/contracts/site-rules';
import type { HeaderBranding } from '../../../../../shared/contracts/sites';
import { FieldShell } from '../../../../components/ui/form';
import { describedBy } from '../../../../lib/form-errors';
import { fieldId } from '../editor-values';
import type { SiteEditorState } from '../use-site-editor';

// Every header branding of the contract (HEADER_BRANDINGS, which lives with zod), in this order.
const BRANDING_TEXT = {
  name: { label: 'Site name', hint: 'Your site name in your font.' },
  logo: { label: 'Logo', hint: 'Only the logo (the name while you have none).' },
  both: { label: 'Logo and name', hint: 'The logo with the name beside it.' },
} satisfies Record<HeaderBranding, { label: string; hint: string }>;
const BRANDINGS = Object.keys(BRANDING_TEXT) as HeaderBranding[];

/** What the header shows: the name, the logo or both (SPEC §3 headerBranding). */
export function HeaderBrandingField({ editor }: { editor: SiteEditorState }) {
  const id = fieldId('headerBranding');
  const error = editor.errors.headerBranding;
  return (
    <fieldset
      aria-describedby={describedBy(error && `${id}-error`)}
      data-testid="site-header-branding"
    >
      <legend className="field-label">The header shows</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-3">
        {BRANDINGS.map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-gray-300 bg-white p-3 has-[:checked]:border-indigo-700 has-[:checked]:ring-1 has-[:checked]:ring-indigo-700"
          >
            <input
              // The first option carries the field's id, so a save error can focus the group.
              id={mode === BRANDINGS[0] ? id : undefined}
              type="radio"
              name="headerBranding"
              value={mode}
              checked={editor.values.headerBranding === mode}
              onChange={() => editor.setField('headerBranding', mode)}
              className="mt-1 size-4 accent-indigo-700"
            />
            <span>
              <span className="block font-medium text-gray-900">{BRANDING_TEXT[mode].label}</span>
              <span className="block text-sm text-gray-700">{BRANDING_TEXT[mode].hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const PERCENT = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** The font (from the self-hosted allow-list) and the text size. */
export function TypographyFields({ editor }: { editor: SiteEditorState }) {
  const family = editor.values.fontFamily;
  // A font chosen before the allow-list existed stays selectable until it is changed.
  const legacy = siteFont(family) ? null : family;
  const scaleId = fieldId('fontScale');
  const scaleText = PERCENT.format(editor.values.fontScale);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FieldShell
        id={fieldId('fontFamily')}
        label="Font"
        hint="Fonts are served from this site; no other company learns who visits your page."
        error={editor.errors.fontFamily}
      >
        {(aria) => (
          <select
            id={fieldId('fontFamily')}
            name="fontFamily"
            className="input"
            value={family}
            onChange={(e) => editor.setField('fontFamily', e.target.value)}
            {...aria}
          >
            {legacy ? <option value={legacy}>{legacy} (current)</option> : null}
            {SITE_FONTS.map((font) => (
              <option key={font.family} value={font.family}>
                {font.label}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell
        id={scaleId}
        label={
          <>
            Text size <span className="font-normal text-gray-700">({scaleText})</span>
          </>
        }
        error={editor.errors.fontScale}
      >
        {(aria) => (
          <input
            id={scaleId}
            name="fontScale"
            type="range"
            min={FONT_SCALE.min}
            max={FONT_SCALE.max}
            step={FONT_SCALE.step}
            value={editor.values.fontScale}
            onChange={(e) => editor.setField('fontScale', Number(e.target.value))}
            aria-valuetext={scaleText}
            className="mt-2 h-11 w-full accent-indigo-700"
            data-testid="site-font-scale"
            {...aria}
          />
        )}
      </FieldShell>
    </div>
  );
}
