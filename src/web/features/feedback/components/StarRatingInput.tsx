import { describedBy } from '../../../lib/form-errors';
import { MAX_STARS } from '../../../components/ui/Stars';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * Choosing 1 to 5 stars: a group of native radio buttons (arrow keys move and choose, Tab leaves
 * the group), each labelled "3 stars" for screen readers and drawn as a star; the stars up to
 * the chosen one are filled. The error, when shown, is tied to the group.
 */
export function StarRatingInput({
  id,
  legend,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const errorId = error ? `${id}-error` : null;
  const wordId = `${id}-word`;
  return (
    <fieldset aria-describedby={describedBy(value ? wordId : null, errorId)} data-testid={id}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex">
          {Array.from({ length: MAX_STARS }, (_, i) => i + 1).map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md px-1 text-3xl leading-none has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-indigo-700"
            >
              <input
                type="radio"
                name={id}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={value && n <= value ? 'text-amber-700' : 'text-gray-500'}
              >
                {value && n <= value ? '★' : '☆'}
              </span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
        {value ? (
          <span id={wordId} className="font-medium text-gray-800">
            {WORDS[value - 1]}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId ?? undefined} className="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
