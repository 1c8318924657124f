/**
 * The drill's SMTP sink, a process of its own so that "SMTP down" is a real outage (the drill
 * stops it and starts it again on the same port). Every message it accepts is appended to the
 * file as one JSON line before it answers 250, so the file holds exactly what was delivered.
 *
 *   node --import tsx bench/soak/smtp-sink.ts <port> <file>
 */
import { appendFileSync } from 'node:fs';
import { listenSmtp } from '../../tests/helpers/smtp';

const [port, file] = process.argv.slice(2);
if (!port || !file) throw new Error('usage: smtp-sink.ts <port> <file>');

const server = await listenSmtp(Number(port), (raw) => {
  appendFileSync(file, `${JSON.stringify({ at: Date.now(), raw })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
