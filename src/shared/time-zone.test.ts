import { describe, expect, it } from 'vitest';
import { addDays, canonicalTimeZone, instantToZonedTime, zonedDay, zonedTimeToInstant } from './time-zone';

describe('time zones', () => {
  it('knows IANA names, in their canonical case', () => {
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(canonicalTimeZone(' europe/paris ')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['', 'Mars/Base', 'GMT+25', 'x'.repeat(100)]) expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('reads wall-clock times in a zone, both ways', () => {
    const cases: [string, string, string][] = [
      ['2026-07-01T00:00', 'Pacific/Auckland', '2026-06-30T12:00:00.000Z'],
      ['2026-01-01T00:00', 'Pacific/Auckland', '2025-12-31T11:00:00.000Z'],
      ['2026-07-01T00:00', 'America/Los_Angeles', '2026-07-01T07:00:00.000Z'],
      ['2026-12-31T23:59:30', 'America/Los_Angeles', '2027-01-01T07:59:30.000Z'],
      ['2026-07-01T00:00', 'UTC', '2026-07-01T00:00:00.000Z'],
    ];
    for (const [local, zone, instant] of cases) {
      expect(zonedTimeToInstant(local, zone)?.toISOString(), `${local} ${zone}`).toBe(instant);
      expect(instantToZonedTime(new Date(instant), zone)).toBe(local);
    }
  });

  it('reads a time the clocks skip just after the gap, and a repeated one as its first', () => {
    // Los Angeles: 2026-03-08 02:00 → 03:00; 2026-11-01 02:00 → 01:00.
    expect(zonedTimeToInstant('2026-03-08T02:30', 'America/Los_Angeles')?.toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(zonedTimeToInstant('2026-11-01T01:30', 'America/Los_Angeles')?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
    // Auckland: 2026-09-27 02:00 → 03:00.
    expect(zonedTimeToInstant('2026-09-27T02:15', 'Pacific/Auckland')?.toISOString()).toBe('2026-09-26T14:15:00.000Z');
  });

  it('refuses texts that are no date and time', () => {
    for (const bad of ['2026-02-30T10:00', '2026-13-01T00:00', '2026-01-01T24:00', '2026-01-01', 'soon'])
      expect(zonedTimeToInstant(bad, 'UTC'), bad).toBeNull();
  });

  it('names the day of an instant in a zone, and moves days', () => {
    const instant = new Date('2026-03-01T11:30:00Z');
    expect(zonedDay(instant, 'Pacific/Auckland')).toBe('2026-03-02');
    expect(zonedDay(instant, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
