// `npm run backup [file]` and `npm run restore <file>` (docs/decisions/041).
import { EnvError, loadEnv } from '../config/env';
import { backupCommand, restoreCommand } from './commands';
import { BackupRefusedError } from './format';

const [command, file] = process.argv.slice(2);
const out = { line: (text: string) => console.log(text) };

try {
  const env = loadEnv();
  if (command === 'backup') await backupCommand(env, file, out);
  else if (command === 'restore') await restoreCommand(env, file, out);
  else throw new BackupRefusedError('Usage: npm run backup [file] | npm run restore <file>');
  process.exit(0);
} catch (err) {
  if (err instanceof EnvError || err instanceof BackupRefusedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
