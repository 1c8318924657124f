// `npm run backup [file]` and `npm run restore <file>` (docs/decisions/041).
import path from 'node:path';
import { EnvError, loadEnv } from '../config/env';
import { backupCommand, defaultBackupName, restoreCommand } from './commands';
import { BackupRefusedError } from './format';

const [command, fileArg] = process.argv.slice(2);
const out = { line: (text: string) => console.log(text) };
// npm runs scripts from the package root (where DATA_DIR is resolved, as for `npm start`); a file
// named on the command line is where the user typed it.
const typedIn = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const env = loadEnv();
  if (command === 'backup') {
    await backupCommand(env, typedIn(fileArg ?? defaultBackupName(new Date())), out);
  } else if (command === 'restore') {
    await restoreCommand(env, fileArg && typedIn(fileArg), out);
  } else throw new BackupRefusedError('Usage: npm run backup [file] | npm run restore <file>');
  process.exit(0);
} catch (err) {
  if (err instanceof EnvError || err instanceof BackupRefusedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
