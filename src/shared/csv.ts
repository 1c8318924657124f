// CSV files members download (email lists, sales and payouts for an accountant, insights): RFC 4180,
// CRLF line ends, a final line end, cells a spreadsheet cannot run as formulas.

/** A cell's value: text is guarded and quoted as needed, numbers are written as they are. */
export type CsvValue = string | number;

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; and, against CSV injection
 * (OWASP), text a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return) starts with a '. Numbers are the app's own values, never typed by someone else: a
 * negative amount stays a number.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file: the header row, then one line per row. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
