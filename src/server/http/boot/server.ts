import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { EnvError, loadEnv, type Env } from '../../config/env';
import { DataDirLockedError } from '../../db/lock';
import { createRuntime, type Runtime } from '../../composition/runtime';
import { prepareData } from '../../composition/setup';
import { buildApp } from './app';

export interface StartOptions {
  /** Registers the web app on the Fastify instance (production bundle or Vite dev server). */
  web: (app: FastifyInstance, env: Env) => Promise<void>;
  onClose?: () => Promise<void>;
}

/** Boots the single process: config → services → data → HTTP; exits cleanly on SIGINT/SIGTERM. */
export async function startServer(options: StartOptions) {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Readable lines on a terminal, JSON lines (for log shippers) everywhere else.
  const logger = pino({
    level: env.LOG_LEVEL,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } } : {}),
  });

  let runtime: Runtime;
  try {
    runtime = await createRuntime(env, logger);
  } catch (err) {
    if (err instanceof DataDirLockedError || (err instanceof Error && err.message.startsWith('JWT_SECRET'))) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  await prepareData(runtime.deps);
  const app = await buildApp(runtime.deps, { web: (a) => options.web(a, env) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await options.onClose?.();
      await runtime.close();
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  // This process owns its signals: tools (Vite's dev servers) install SIGTERM handlers that exit at
  // once, which would skip closing the embedded database (unflushed writes, a stale lock).
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  runtime.jobs.start();
  logger.info(`${env.BRAND_NAME} is running at ${env.APP_URL} (database: ${runtime.deps.database.kind})`);
  return app;
}
