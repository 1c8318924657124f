import { TextField } from '../../../../components/ui/form';
import { useHydrated } from '../../../../lib/use-hydrated';
import { fieldId } from '../editor-values';
import type { SiteEditorState } from '../use-site-editor';

/** The zones the browser knows, for the field's suggestions (none where it cannot list them). */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/**
 * The page's time zone (issue 25): the links' "show from / until" and their daily clicks are read
 * in it. A text box with the browser's zones as suggestions and, once the page runs, a button for
 * this device's own zone; the server checks the name (PUT /sites `timeZone`). The suggestions
 * and the button appear after hydration only: the server's list of zones may differ from the
 * browser's, and the device's zone is not known on the server.
 */
export function TimeZoneField({ editor }: { editor: SiteEditorState }) {
  const hydrated = useHydrated();
  const here = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : '';
  const id = fieldId('timeZone');
  return (
    <div className="space-y-2">
      <TextField
        id={id}
        name="timeZone"
        label="Time zone"
        value={editor.values.timeZone}
        onChange={(e) => editor.setField('timeZone', e.target.value)}
        error={editor.errors.timeZone}
        hint="Your links’ “show from” and “show until” times and their daily clicks are read in it. A name such as Europe/Paris or America/New_York."
        list={hydrated ? `${id}-zones` : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      {hydrated && (
        <datalist id={`${id}-zones`}>
          {knownZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      )}
      {here && here !== editor.values.timeZone && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => editor.setField('timeZone', here)}
          data-testid="site-time-zone-here"
        >
          Use this device’s time zone ({here})
        </button>
      )}
    </div>
  );
}
