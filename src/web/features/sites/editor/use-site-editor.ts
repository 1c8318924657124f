import { useCallback, useMemo, useState } from 'react';
import type { MySite } from '../../../../shared/contracts/sites';
import type { SiteColorField } from '../../../../shared/contracts/site-rules';
import { MESSAGES } from '../../../../shared/messages';
import { focusField, usePending } from '../../../components/ui/form';
import { notifyError, showConfirm, showNotify } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedGuard } from '../../../lib/unsaved-guard';
import { firstInvalidField, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { updateSite } from '../api/my-site';
import {
  EDITOR_FIELDS,
  changedFields,
  fieldId,
  valuesFromSite,
  type SiteEditorValues,
} from './editor-values';
import type { SiteTheme } from './themes';
import { validateSiteUpdate } from './validation';

const TIME = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

/**
 * The editor's state and its save: the fields as typed, the site as the server last answered (the
 * saved state the unsaved-changes guard compares with), field errors, and one polite status line
 * that says what just happened (saved, theme applied, logo uploaded…).
 * `posted` is a no-JavaScript post's answer (the route's action): its errors, and the values it
 * refused, to correct.
 */
export function useSiteEditor(
  initial: MySite,
  onSaved: (site: MySite) => void,
  posted?: { errors: FieldErrors; values: SiteEditorValues | null } | null,
) {
  const [site, setSite] = useState(initial);
  const [values, setValues] = useState(() => posted?.values ?? valuesFromSite(initial));
  const [errors, setErrors] = useState<FieldErrors>(posted?.errors ?? {});
  const [status, setStatus] = useState('');
  const [pending, run] = usePending();

  const saved = useMemo(() => valuesFromSite(site), [site]);
  const changes = useMemo(() => changedFields(values, saved), [values, saved]);
  const dirty = Object.keys(changes).length > 0;
  useUnsavedGuard(dirty, () =>
    showConfirm(MESSAGES.unsavedSiteChanges, undefined, 'Unsaved changes'),
  );

  const setField = useCallback(
    <K extends keyof SiteEditorValues>(name: K, value: SiteEditorValues[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setStatus(''); // what was said last is about an earlier state
      // The message was about the old value; a new one is checked on the next save.
      setErrors((e) => {
        if (!(name in e)) return e;
        const { [name]: _gone, ...rest } = e;
        return rest;
      });
    },
    [],
  );

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = firstInvalidField(EDITOR_FIELDS, found);
    if (first) requestAnimationFrame(() => focusField(fieldId(first)));
  }

  function applyTheme(theme: SiteTheme) {
    setValues((v) => ({ ...v, ...theme.colors, fontFamily: theme.fontFamily }));
    setErrors((e) => {
      const rest = { ...e };
      for (const f of Object.keys(theme.colors)) delete rest[f];
      delete rest.fontFamily;
      return rest;
    });
    setStatus(`${theme.name} theme applied to the preview. Save to put it on your page.`);
  }

  function applySuggestion(field: SiteColorField, color: string, label: string) {
    setField(field, color);
    setStatus(`${label} set to ${color}.`);
  }

  /** A write outside the form (logo, domain check) answered with the site as stored. */
  function applyServerSite(next: MySite, message: string) {
    setSite(next);
    setStatus(message);
    onSaved(next);
  }

  async function save() {
    if (!dirty) {
      setStatus('Nothing to save: your page already looks like this.');
      return;
    }
    const checked = await validateSiteUpdate(changes);
    if (!checked.ok) {
      setStatus('Some fields need your attention: see the messages by them.');
      return showErrors(checked.errors);
    }
    setErrors({});
    try {
      const { site: stored } = await updateSite(changes);
      setSite(stored);
      // The server's answer is the new starting point (colours lower-cased, the domain normalised).
      setValues(valuesFromSite(stored));
      setStatus(`All changes saved at ${TIME.format(new Date())}.`);
      onSaved(stored);
      void showNotify(MESSAGES.siteSaved);
    } catch (err) {
      if (err instanceof ApiError) showErrors(serverFieldErrors(err.details, EDITOR_FIELDS));
      setStatus(err instanceof ApiError ? err.message : MESSAGES.siteSaveError);
      void notifyError(err, MESSAGES.siteSaveError);
    }
  }

  return {
    site,
    values,
    saved,
    errors,
    dirty,
    pending,
    status,
    setField,
    setStatus,
    applyTheme,
    applySuggestion,
    applyServerSite,
    submit: () => void run(save),
  };
}

export type SiteEditorState = ReturnType<typeof useSiteEditor>;
