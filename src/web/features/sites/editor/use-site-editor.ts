import { useCallback, useMemo, useRef, useState } from 'react';
import type { MySite } from '../../../../shared/contracts/sites';
import type { SiteColorField } from '../../../../shared/contracts/site-rules';
import { MESSAGES } from '../../../../shared/messages';
import { checkOf, focusField, useSend } from '../../../components/ui/form';
import { showConfirm, showNotify } from '../../../components/ui/modal';
import { useUnsavedGuard } from '../../../lib/unsaved-guard';
import type { FieldErrors } from '../../../lib/form-errors';
import { updateSite } from '../api/my-site';
import {
  EDITOR_FIELDS,
  changedFields,
  fieldId,
  valuesFromSite,
  type SiteEditorValues,
  type SiteUpdateBody,
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
  const [status, setStatus] = useState('');
  const { errors, setErrors, pending, recheck, send } = useSend(
    // After the layout settles (a colour picker's panel may still be closing).
    { fields: EDITOR_FIELDS, focus: (f) => requestAnimationFrame(() => focusField(fieldId(f))) },
    posted?.errors ?? {},
  );

  const saved = useMemo(() => valuesFromSite(site), [site]);
  // setField is stable (a dependency of the editor's memoised parts): it reads these through refs.
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  const changes = useMemo(() => changedFields(values, saved), [values, saved]);
  const dirty = Object.keys(changes).length > 0;
  useUnsavedGuard(dirty, () =>
    showConfirm(MESSAGES.unsavedSiteChanges, undefined, 'Unsaved changes'),
  );

  const setField = useCallback(
    <K extends keyof SiteEditorValues>(name: K, value: SiteEditorValues[K]) => {
      setValues((v) => {
        const next = { ...v, [name]: value };
        // A field showing an error is checked again: its error goes once the value is valid.
        void recheckRef.current(name, changedFields(next, savedRef.current));
        return next;
      });
      setStatus(''); // what was said last is about an earlier state
    },
    [],
  );

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
    const outcome = await send(changes, {
      check: async (body: SiteUpdateBody) => {
        const checked = await validateSiteUpdate(body);
        return checked.ok ? checkOf({}, body) : checked;
      },
      call: updateSite,
      done: ({ site: stored }) => {
        setSite(stored);
        // The server's answer is the new starting point (colours lower-cased, the domain normalised).
        setValues(valuesFromSite(stored));
        setStatus(`All changes saved at ${TIME.format(new Date())}.`);
        onSaved(stored);
        void showNotify(MESSAGES.siteSaved);
      },
      failure: MESSAGES.siteSaveError,
    });
    if (outcome === 'invalid' || outcome === 'failed')
      setStatus('Not saved yet: see the messages by the fields, or try again.');
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
    submit: () => void save(),
  };
}

export type SiteEditorState = ReturnType<typeof useSiteEditor>;
