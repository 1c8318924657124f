/**
 * The environment of an app process a test starts on its own (tests/unit: drain, production
 * runtime): an embedded database in `dataDir`, a free port on loopback, no PostgreSQL or Redis from
 * the outer environment, no demo data, info logs (the tests read its lines).
 */
export function loneServerEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    APP_URL: 'http://127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
}
