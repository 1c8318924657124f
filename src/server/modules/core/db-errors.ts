// Recognising database errors a use-case turns into its own answers (a lost race on a unique key).

/** Postgres unique_violation (23505), through driver and Drizzle wrappers; names the index. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint, message } = e as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === '23505') {
      return typeof constraint === 'string'
        ? constraint
        : typeof message === 'string'
          ? message
          : '';
    }
  }
  return null;
}
