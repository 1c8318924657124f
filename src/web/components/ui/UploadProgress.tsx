/**
 * An upload's progress bar with its status line under it (avatars, logos, post media, message
 * images): one look and one accessible name everywhere. `status` is announced politely.
 */
export function UploadProgress({
  percent,
  label,
  status,
  testId,
  className = 'mt-3',
}: {
  /** 0–100. */
  percent: number;
  /** The bar's accessible name: "Photo upload". */
  label: string;
  status: string;
  /** Test id of the bar. */
  testId: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="h-2 w-full overflow-hidden rounded-full accent-indigo-700"
        data-testid={testId}
      />
      <p className="mt-1 text-sm text-gray-700" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
