// Dates of messages, the same on the server render and in the browser (a fixed time zone, so
// hydration never disagrees): "Nov 24, 2026, 1:36 AM UTC".
const WHEN = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${WHEN.format(date)} UTC`;
}
