import { EnvError, loadEnv } from '../../config/env';
import { migrateDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/lock';
import { databaseConfig } from '../../composition/runtime';

/**
 * `npm run migrate`: applies pending migrations and exits, for a deploy pipeline that migrates
 * once before rolling instances over. Instances still migrate on start, under the same advisory
 * lock, so running both (or several instances at once) is safe.
 */
try {
  const env = loadEnv();
  const started = performance.now();
  const kind = await migrateDatabase(databaseConfig(env));
  console.log(`Migrations applied (${kind}) in ${Math.round(performance.now() - started)} ms.`);
} catch (err) {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
