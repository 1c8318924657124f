import { useRef, useState, type KeyboardEvent } from 'react';
import { describedBy } from '../../lib/form-errors';
import { addTags, removeTagAt, type TagRules } from '../../../shared/tags';
import { CloseIcon } from './icons';

interface TagInputProps {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  rules: TagRules;
  hint?: string;
  /** An error from validation of the whole form. */
  error?: string;
}

/**
 * A chip input: type a tag and press Enter or comma (or paste a comma-separated list); each chip
 * has a remove button; Backspace in the empty box removes the last one.
 */
export function TagInput({ id, label, value, onChange, rules, hint, error }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const [inputError, setInputError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const shownError = inputError ?? error;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = shownError ? `${id}-error` : null;

  function commit(raw: string) {
    const result = addTags(value, raw, rules);
    if (result.tags.length !== value.length) onChange(result.tags);
    setInputError(result.error);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
      setDraft('');
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(removeTagAt(value, value.length - 1));
      setInputError(undefined);
    }
  }

  function onInput(text: string) {
    // A pasted "a, b, c": add the complete pieces, keep what follows the last comma.
    const last = text.lastIndexOf(',');
    if (last >= 0) {
      commit(text.slice(0, last));
      setDraft(text.slice(last + 1).trimStart());
    } else setDraft(text);
  }

  function remove(index: number) {
    onChange(removeTagAt(value, index));
    setInputError(undefined);
    inputRef.current?.focus();
  }

  return (
    <div data-testid={`${id}-field`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div
        className="input flex h-auto flex-wrap items-center gap-2 py-2 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-indigo-700"
        aria-invalid={shownError ? true : undefined}
      >
        {value.length > 0 && (
          <ul className="contents" aria-label={`${label}: ${value.length} added`}>
            {value.map((tag, index) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pl-3 pr-1 text-sm font-medium text-indigo-900"
                data-testid="tag-chip"
              >
                {tag}
                <button
                  type="button"
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-indigo-100"
                  aria-label={`Remove ${tag}`}
                  onClick={() => remove(index)}
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={id}
          type="text"
          value={draft}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) {
              commit(draft);
              setDraft('');
            }
          }}
          enterKeyHint="done"
          autoComplete="off"
          className="min-w-32 flex-1 border-0 bg-transparent p-1 text-base outline-none focus-visible:outline-none"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(hintId, countId, errorId)}
          placeholder={value.length === 0 ? 'Type a tag, then Enter' : undefined}
        />
      </div>
      <p id={hintId} className="field-hint">
        {hint ?? 'Press Enter or type a comma after each tag.'}{' '}
        <span id={countId}>
          {value.length} of {rules.max} tags.
        </span>
      </p>
      {shownError ? (
        <p id={errorId ?? undefined} className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
