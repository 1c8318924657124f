/**
 * The "AI generated" mark of a picture made by the AI image generator (docs/decisions/035): words,
 * not only a colour, so everyone can read it. Plain markup, no script (the post page's budget).
 */
export function AiBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-block rounded-full border border-violet-300 bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-900 ${className}`}
      data-testid="ai-badge"
    >
      AI generated
    </span>
  );
}
