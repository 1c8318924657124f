import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './faults';

/** A PostgreSQL error as pg raises it: a DatabaseError with its SQLSTATE. */
function pgError(code: string, message = 'from the server'): pg.DatabaseError {
  const err = new pg.DatabaseError(message, 0, 'error');
  err.code = code;
  return err;
}
/** A socket error as Node raises it. */
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
/** What Drizzle throws around the driver's error. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it('recognises a server going away or refusing, through Drizzle', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', '57014']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code))), code).toBe(true);
    }
  });

  it('recognises sockets refused, reset or timed out, also inside an AggregateError', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']) {
      expect(isDatabaseUnavailable(wrapped(socketError(code))), code).toBe(true);
    }
    // Node tries each address of `localhost` and reports them together.
    const both = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it("recognises pg's own words for a broken or missing connection", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
  });

  it('leaves every other failure alone: a wrong query is a bug, not an outage', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('23505')))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(wrapped(pgError('42P01')))).toBe(false); // no such table
    expect(isDatabaseUnavailable(wrapped(pgError('40P01')))).toBe(false); // deadlock
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
