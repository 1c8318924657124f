/**
 * One of an offer's answers (Accept, Decline, Counter, Withdraw): the visible word, and for screen
 * readers which offer it answers ("Accept the offer of $30.00"), since a page may list several.
 */
export function OfferActionButton({
  label,
  of,
  testId,
  onClick,
  primary = false,
  disabled = false,
  expanded,
}: {
  label: string;
  /** What the hidden words name: "the offer of $30.00", "my offer of $30.00". */
  of: string;
  testId: string;
  onClick: () => void;
  primary?: boolean;
  disabled?: boolean;
  /** For a button that opens a form below it (Counter). */
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn-primary' : 'btn btn-secondary'}
      disabled={disabled}
      aria-expanded={expanded}
      data-testid={testId}
      onClick={onClick}
    >
      {label}
      <span className="sr-only"> {of}</span>
    </button>
  );
}
