import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that can be taken down and brought back on the same port, to
 * test delivery through an outage. Counts what it accepted.
 */
export interface SmtpHarness {
  url: string;
  received: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An SMTP server on loopback (no TLS, no auth) handing each accepted message to `onMessage`; the
 * message is acknowledged (250) only once `onMessage` is done. Shared by these tests and the fault
 * drill's SMTP sink (bench/soak/smtp-sink.ts).
 */
export function listenSmtp(
  port: number,
  onMessage: (raw: string) => void | Promise<void>,
): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A stop takes the server down at once, as a crash would (default: 30 s for open sessions).
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        Promise.resolve(onMessage(Buffer.concat(chunks).toString('utf8'))).then(
          () => callback(null),
          (err: Error) => callback(err),
        );
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const listen = (port: number, received: string[]) =>
  listenSmtp(port, (raw) => void received.push(raw));

/** Starts one on a free port, then stops it: `url` now points at a mail server that is down. */
export async function downSmtpServer(): Promise<SmtpHarness> {
  const received: string[] = [];
  let server: SMTPServer | null = await listen(0, received);
  const { port } = server.server.address() as AddressInfo;
  const harness: SmtpHarness = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server ??= await listen(port, received);
    },
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(resolve));
    },
  };
  await harness.stop();
  return harness;
}
