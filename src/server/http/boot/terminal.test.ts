import { describe, expect, it } from 'vitest';
import { readyLines, terminalMode } from './terminal';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (s: string) => written.push(s) > 0 };
}
const env = { APP_URL: 'http://localhost:3000', BRAND_NAME: 'Storefront' };

describe('npm start in a terminal', () => {
  it('shows a person a few lines and only warnings from the log', () => {
    const out = stream(true);
    const mode = terminalMode({ LOG_LEVEL: 'info' }, out as never, {});
    expect(mode.logLevel).toBe('warn');
    mode.say('Opening the database…');
    expect(out.written).toEqual(['Opening the database…\n']);
  });

  it('logs as configured, and says nothing extra, without a terminal or with LOG_LEVEL set', () => {
    for (const [isTTY, vars] of [
      [false, {}],
      [true, { LOG_LEVEL: 'debug' }],
    ] as const) {
      const out = stream(isTTY);
      const mode = terminalMode({ LOG_LEVEL: 'debug' }, out as never, vars);
      expect(mode.logLevel).toBe('debug');
      mode.say('Opening the database…');
      expect(out.written).toEqual([]);
    }
  });

  it('ends with the address and, when the demo is there, its logins', () => {
    const withDemo = readyLines(env, 'pglite', { demo: true });
    expect(withDemo[0]).toBe('Storefront is running at http://localhost:3000 (database: pglite).');
    expect(withDemo[1]).toBe(
      'Log in as maya, leo or sam with the password demo-pass-123 (sellers: http://localhost:3000/maya, http://localhost:3000/leo).',
    );
    expect(withDemo).toHaveLength(3);
    const without = readyLines(env, 'postgres', { demo: false });
    expect(without.join('\n')).not.toContain('demo-pass-123');
    expect(without).toHaveLength(2);
  });
});
