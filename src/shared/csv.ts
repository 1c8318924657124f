// CSV files members download (email lists, sales and payouts for an accountant): RFC 4180 lines
// ending in CRLF, and cells a spreadsheet cannot run as formulas.

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; and, against CSV injection
 * (OWASP), a cell a spreadsheet would run as a formula (= + - @, tab, carriage return) starts
 * with a '.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV file: the header, then one line per row, every cell made safe. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]) {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
