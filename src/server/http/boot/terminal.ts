import type { Env } from '../../config/env';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type PreparedData } from '../../composition/setup';

/**
 * `npm start` in a terminal (docs/decisions/060): a person, not a log shipper, reads it, so it
 * says what it does in a few lines — the database being prepared, the address, the demo logins —
 * and the log shows only warnings and errors. Each request and each job is one `LOG_LEVEL=info`
 * away; set LOG_LEVEL (any value) or run without a terminal and every line is logged as before
 * (JSON lines when not a terminal).
 */
export function terminalMode(
  env: Pick<Env, 'LOG_LEVEL'>,
  stream = process.stdout,
  vars = process.env,
) {
  const person = Boolean(stream.isTTY) && vars.LOG_LEVEL === undefined;
  return {
    /** The logger's level: warnings and errors only for a person at the terminal. */
    logLevel: person ? 'warn' : env.LOG_LEVEL,
    /** Prints a line for the person at the terminal (the log says it otherwise). */
    say(line: string) {
      if (person) stream.write(`${line}\n`);
    },
  };
}

/** The lines `npm start` ends with in a terminal: where the app is and how to get in. */
export function readyLines(
  env: Pick<Env, 'APP_URL' | 'BRAND_NAME'>,
  database: string,
  data: PreparedData,
): string[] {
  const lines = [`${env.BRAND_NAME} is running at ${env.APP_URL} (database: ${database}).`];
  if (data.demo) {
    const names = DEMO_ACCOUNTS.map((a) => a.username);
    lines.push(
      `Log in as ${names.slice(0, -1).join(', ')} or ${names.at(-1)} with the password ${DEMO_PASSWORD}` +
        ` (sellers: ${env.APP_URL}/${names[0]}, ${env.APP_URL}/${names[1]}).`,
    );
  }
  lines.push('Stop with Ctrl+C. LOG_LEVEL=info npm start logs each request and job.');
  return lines;
}
