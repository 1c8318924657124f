import { siteFont } from '../../../../../shared/contracts/site-rules';
import { SITE_THEMES, THEME_SWATCHES, matchingTheme } from '../themes';
import type { SiteEditorState } from '../use-site-editor';

/**
 * Ready-made themes: one press fills every colour and the font, as a starting point. Nothing is
 * saved until Save; leaving without saving keeps the page as it was (the unsaved-changes guard asks).
 */
export function ThemePicker({ editor }: { editor: SiteEditorState }) {
  const current = matchingTheme(editor.values, editor.values.fontFamily);
  return (
    <div>
      <h3 id="site-themes-heading" className="field-label">
        Start from a theme
      </h3>
      <p id="site-themes-hint" className="field-hint mt-0 mb-3">
        Fills in the colours and font below. You can change any of them afterwards.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby="site-themes-heading">
        {SITE_THEMES.map((theme) => {
          const inUse = current?.id === theme.id;
          return (
            <li key={theme.id}>
              <button
                type="button"
                className={`flex w-full flex-col items-start gap-2 rounded-lg border bg-white p-3 text-left hover:border-indigo-400 ${inUse ? 'border-indigo-700 ring-2 ring-indigo-700' : 'border-gray-300'}`}
                onClick={() => editor.applyTheme(theme)}
                aria-describedby="site-themes-hint"
                data-testid={`site-theme-${theme.id}`}
              >
                <span
                  aria-hidden="true"
                  className="flex overflow-hidden rounded-md border border-gray-300"
                >
                  {THEME_SWATCHES.map((field) => (
                    <span
                      key={field}
                      className="size-6"
                      style={{ background: theme.colors[field] }}
                    />
                  ))}
                </span>
                <span className="font-semibold text-gray-900">
                  {theme.name}
                  {inUse ? <span className="font-normal text-gray-700"> (in use)</span> : null}
                </span>
                <span className="text-xs text-gray-700">{siteFont(theme.fontFamily)?.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
