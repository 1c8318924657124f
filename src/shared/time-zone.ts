// A seller's time zone (an IANA name, such as Pacific/Auckland) and the wall-clock times of their
// link windows in it (docs/decisions/065). Only Intl: the same answers in the browser and Node.

export const DEFAULT_TIME_ZONE = 'UTC';

/** `Europe/Paris` → `Europe/Paris`; an unknown name → null. Case is fixed to the canonical one. */
export function canonicalTimeZone(name: string): string | null {
  const value = name.trim();
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A wall-clock date and time without a zone, as `<input type="datetime-local">` gives it. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instantMs: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(instantMs)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far ahead of UTC the zone's clocks are at an instant, in milliseconds. */
function offsetAt(instantMs: number, timeZone: string): number {
  const w = wallClock(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in a zone, or null when the text is no date and time. A
 * time the clocks skip (the hour lost when summer time starts) is read as the same time of the
 * offset before the change, which lands just after the gap; a time they pass twice (the hour
 * repeated in autumn) is its first occurrence.
 */
export function zonedTimeToInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute, second = '0'] = m.slice(1).map((v) => v ?? '0');
  const asUtc = Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second);
  const check = new Date(asUtc);
  // Date.UTC rolls 2026-02-30 over to March: such a date does not exist.
  if (check.getUTCMonth() !== +month! - 1 || check.getUTCDate() !== +day! || +hour! > 23) return null;
  const before = asUtc - offsetAt(asUtc - 86_400_000, timeZone);
  const candidates = [asUtc - offsetAt(asUtc, timeZone), before, asUtc - offsetAt(asUtc + 86_400_000, timeZone)];
  // The earliest candidate whose wall clock reads the time asked for (the repeated hour: first).
  const exact = candidates
    .filter((c) => c - asUtc + offsetAt(c, timeZone) === 0)
    .sort((a, b) => a - b)[0];
  return new Date(exact ?? before);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as wall-clock time in a zone: `2026-12-31T23:30` (seconds only when not zero). */
export function instantToZonedTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  const base = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  return w.second ? `${base}:${pad(w.second)}` : base;
}

/** The calendar day of an instant in a zone, as `YYYY-MM-DD`. */
export function zonedDay(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** A calendar day (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
