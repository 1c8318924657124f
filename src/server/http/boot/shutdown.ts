import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Runtime } from '../../composition/runtime';

/** How long a job still running when the server has closed gets to finish (then its lease says). */
export const JOBS_FINISH_MS = 10_000;
/** The close after the drain — in-flight answers, jobs, services — must end within this, or exit 1. */
export const CLOSE_LIMIT_MS = 30_000;

export interface ShutdownOptions {
  app: FastifyInstance;
  runtime: Runtime;
  logger: FastifyBaseLogger;
  /** How long SIGTERM keeps the instance serving while readiness fails (DRAIN_MS). */
  drainMs: number;
  /** Closes what the web registration opened (Vite's dev server). */
  onClose?: () => Promise<void>;
}

/**
 * A stop that no client notices (docs/decisions/038). On SIGTERM: readiness fails at once and
 * the instance keeps serving every request, in flight or new, for `drainMs`, long enough for a
 * balancer's health checks to take it out of rotation; each answer meanwhile closes its
 * connection. Then the server closes (no new connections; idle ones closed; requests still in
 * flight answered), the job worker stops (a running job gets JOBS_FINISH_MS), every service
 * closes and the process exits 0.
 *
 * SIGINT (Ctrl-C at a terminal) skips the drain; a second signal during a drain cuts it short.
 */
export function installShutdown(options: ShutdownOptions): void {
  const { app, runtime, logger } = options;
  let endDrain: (() => void) | null = null;
  let stopping = false;

  async function stop(signal: string, drainMs: number) {
    stopping = true;
    app.lifecycle.drain();
    // No new jobs are claimed from here on (the instances that stay take them); a running one has
    // the whole drain to finish, and runtime.close() below waits for it.
    void runtime.jobs.stop();
    if (drainMs > 0) {
      logger.info(
        { signal, drainMs },
        'draining: readiness now fails; serving on until the balancer lets go',
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endDrain = null;
    }
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ limitMs: CLOSE_LIMIT_MS }, 'shutdown took too long: exiting');
      process.exit(1);
    }, CLOSE_LIMIT_MS).unref();
    await app.close();
    await options.onClose?.();
    await runtime.close(JOBS_FINISH_MS);
    process.exit(0);
  }

  const onSignal = (signal: string, drainMs: number) => {
    if (endDrain) return endDrain();
    if (stopping) return;
    stop(signal, drainMs).catch((err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  // This process owns its signals: tools (Vite's dev servers) install SIGTERM handlers that exit at
  // once, which would skip closing the embedded database (unflushed writes, a stale lock).
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => onSignal('SIGTERM', options.drainMs));
  process.on('SIGINT', () => onSignal('SIGINT', 0));
}
