import { existsSync } from 'node:fs';

/** The browser for end-to-end tests: CHROME_PATH, else Debian's chromium (no downloads here). */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p): p is string => !!p && existsSync(p));
}
