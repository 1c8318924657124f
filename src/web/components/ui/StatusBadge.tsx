// A status as a small coloured pill (orders, sales, payouts). Each tone's pair of colours passes
// WCAG AA contrast; the label says the status, the colour only repeats it.

export type Tone = 'wait' | 'good' | 'info' | 'off' | 'bad';

const TONE_CLASS: Record<Tone, string> = {
  wait: 'bg-amber-100 text-amber-950',
  good: 'bg-green-100 text-green-900',
  info: 'bg-indigo-100 text-indigo-900',
  off: 'bg-gray-200 text-gray-900',
  bad: 'bg-red-100 text-red-900',
};

export function StatusBadge({
  label,
  tone,
  testId,
}: {
  label: string;
  tone: Tone;
  testId?: string;
}) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASS[tone]}`}
      data-testid={testId}
    >
      {label}
    </span>
  );
}
