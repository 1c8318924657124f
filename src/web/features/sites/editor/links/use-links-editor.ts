import { useEffect, useMemo, useRef, useState } from 'react';
import type { MySite } from '../../../../../shared/contracts/sites';
import { SITE_LINK_LIMITS } from '../../../../../shared/site-links';
import { focusField, useSend } from '../../../../components/ui/form';
import { returnFocusAfterModal, showConfirm, showNotify } from '../../../../components/ui/modal';
import { ApiError } from '../../../../lib/api-error';
import { replaceLinks } from '../../api/my-site';
import {
  draftFromLink,
  listsDiffer,
  moveAnnouncement,
  moveItem,
  newDraft,
  type LinkDraft,
} from './link-draft';
import {
  LIST_ERROR,
  errorKey,
  errorOrder,
  rowErrors,
  rowsWithErrors,
  splitErrorKey,
  withoutRowErrors,
  type LinkField,
} from './link-errors';
import { checkLinks } from './link-validation';

export const LINKS_SAVED = 'Links saved.';
export const LINKS_SAVE_ERROR = 'Your links could not be saved. Please try again.';

/** The id of a row's control (the target is one control whichever kind is chosen). */
export const linkFieldId = (rowKey: string, field: LinkField | 'up' | 'down' | 'edit') =>
  `link-${rowKey}-${field}`;

/**
 * The links editor's state (issue 25): the ordered rows as edited, the list as last saved, which
 * rows have their form open, errors by row and field, and one polite status line (moves, deletes,
 * saves). Nothing reaches the server until Save, which sends the whole list (PUT /sites/links).
 */
export function useLinksEditor(initial: MySite, onSaved: (site: MySite) => void) {
  const [saved, setSaved] = useState<LinkDraft[]>(() => initial.links.map(draftFromLink));
  const [rows, setRows] = useState<LinkDraft[]>(saved);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [status, setStatus] = useState('');
  const [now, setNow] = useState(() => new Date());
  const nextKey = useRef(1);
  // Focus asked for before the control exists (a form being opened): taken after the render.
  const pendingFocus = useRef<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const keys = rows.map((r) => r.key);
  const { errors, setErrors, showErrors, recheck, pending, send } = useSend({
    fields: errorOrder(keys),
    focus: (field) => {
      const split = splitErrorKey(field);
      if (!split) return requestFocus('links-heading');
      openRows([split.rowKey]);
      requestFocus(linkFieldId(split.rowKey, split.field));
    },
  });

  useEffect(() => {
    const id = pendingFocus.current;
    if (!id || !document.getElementById(id)) return;
    pendingFocus.current = null;
    focusField(id);
  });

  // Every row with an error shows its form (the first one also gets focus, above).
  const errorRows = rowsWithErrors(errors, keys).join('\n');
  useEffect(() => {
    if (errorRows) openRows(errorRows.split('\n'));
  }, [errorRows]);

  const dirty = useMemo(() => listsDiffer(saved, rows), [saved, rows]);
  // The site editor above holds the page's one navigation blocker: the tab's own prompt here.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Focus on `id` now when it exists, else after the render that adds it; `later`: after the next render. */
  function requestFocus(id: string, later = false) {
    pendingFocus.current = id;
    if (!later && document.getElementById(id)) {
      pendingFocus.current = null;
      focusField(id);
    }
  }

  function openRows(rowKeys: readonly string[]) {
    setOpen((o) => (rowKeys.every((k) => o.has(k)) ? o : new Set([...o, ...rowKeys])));
  }

  function toggleRow(rowKey: string) {
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(rowKey)) next.add(rowKey);
      return next;
    });
  }

  function update(rowKey: string, patch: Partial<LinkDraft>, field: LinkField) {
    let next = rowsRef.current.map((r) => (r.key === rowKey ? { ...r, ...patch } : r));
    // One featured link: marking one unmarks the other (the contract refuses two).
    if (patch.featured) next = next.map((r) => (r.key === rowKey ? r : { ...r, featured: false }));
    rowsRef.current = next;
    setRows(next);
    setStatus('');
    void recheck(errorKey(rowKey, field), next);
  }

  const atLimit = rows.length >= SITE_LINK_LIMITS.perSite;

  function add() {
    if (atLimit) return;
    const key = `new-${nextKey.current++}`;
    setRows((r) => [...r, newDraft(key)]);
    openRows([key]);
    requestFocus(linkFieldId(key, 'title'));
    setStatus('New link added at the end of the list. Save to put it on your page.');
  }

  async function remove(rowKey: string) {
    const list = rowsRef.current;
    const index = list.findIndex((r) => r.key === rowKey);
    const row = list[index];
    if (!row) return;
    const name = row.title.trim() || 'this link';
    const yes = await showConfirm(
      `Delete “${name}”? It leaves your page when you save the list${row.clicks ? ', with its click counts' : ''}.`,
      undefined,
      'Delete link',
    );
    if (!yes) return;
    const next = rowsRef.current.filter((r) => r.key !== rowKey);
    rowsRef.current = next;
    setRows(next);
    setErrors((e) => withoutRowErrors(e, rowKey));
    const neighbour = next[Math.min(index, next.length - 1)];
    const target = neighbour ? linkFieldId(neighbour.key, 'edit') : 'links-add';
    // The confirm gives focus back to its opener, the Delete button now gone: the next row instead.
    const element = document.getElementById(target);
    if (element) returnFocusAfterModal(element);
    requestFocus(target, true);
    setStatus(`Deleted “${name}”. Save to apply.`);
  }

  /** Moves a row to `to` (0-based) and says so; `focusOn` keeps focus on the control used. */
  function move(rowKey: string, to: number, focusOn?: 'up' | 'down') {
    const list = rowsRef.current;
    const from = list.findIndex((r) => r.key === rowKey);
    if (from < 0) return;
    const next = moveItem(list, from, to);
    const at = next.findIndex((r) => r.key === rowKey);
    if (at === from) return;
    rowsRef.current = next;
    setRows(next);
    setStatus(moveAnnouncement(list[from]!.title, at + 1, next.length));
    // After the render: moving the row's element can take focus from the button in it.
    if (focusOn) requestFocus(linkFieldId(rowKey, focusOn), true);
  }

  async function save() {
    if (!listsDiffer(saved, rowsRef.current)) {
      setStatus('Nothing to save: your links are as saved.');
      return;
    }
    const sentKeys = rowsRef.current.map((r) => r.key);
    const outcome = await send(rowsRef.current, {
      check: checkLinks,
      call: (body) => replaceLinks(body),
      done: ({ site }) => {
        // Same order as sent: each row keeps its key (its open form, its focus), gains its id.
        const stored = site.links.map((l, i) => ({
          ...draftFromLink(l),
          key: sentKeys[i] ?? l._id,
        }));
        rowsRef.current = stored;
        setRows(stored);
        setSaved(stored);
        setNow(new Date());
        setStatus(LINKS_SAVED);
        onSaved(site);
        void showNotify(LINKS_SAVED);
      },
      // The server's problems by the field of the row they are about (`links.3.url`).
      handled: (err) => {
        if (!(err instanceof ApiError)) return false;
        const found = rowErrors(err.details, sentKeys);
        if (!Object.keys(found).length) return false;
        showErrors(found);
        return true;
      },
      failure: LINKS_SAVE_ERROR,
    });
    if (outcome === 'invalid' || outcome === 'failed')
      setStatus('Not saved yet: see the messages by the links, or try again.');
  }

  return {
    rows,
    saved,
    open,
    errors,
    listError: errors[LIST_ERROR],
    status,
    now,
    dirty,
    pending,
    atLimit,
    timeZone: initial.timeZone,
    add,
    remove: (rowKey: string) => void remove(rowKey),
    move,
    update,
    toggleRow,
    save: () => void save(),
  };
}

export type LinksEditorState = ReturnType<typeof useLinksEditor>;
