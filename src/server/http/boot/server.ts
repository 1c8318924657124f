import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { EnvError, loadEnv, type Env } from '../../config/env';
import { DataDirLockedError } from '../../db/lock';
import { createRuntime, type Runtime } from '../../composition/runtime';
import { moduleDeps } from '../../composition/app-deps';
import { scheduleRecurringJobs } from '../../composition/job-handlers';
import { prepareData } from '../../composition/setup';
import { buildApp } from './app';
import { installShutdown } from './shutdown';
import { readyLines, terminalMode } from './terminal';

export interface StartOptions {
  /** Registers the web app on the Fastify instance (production bundle or Vite dev server). */
  web: (app: FastifyInstance, env: Env) => Promise<void>;
  onClose?: () => Promise<void>;
}

/**
 * Boots the single process: config → services → data → HTTP; on SIGTERM it drains and exits 0
 * (shutdown.ts), on SIGINT it exits at once, cleanly.
 */
export async function startServer(options: StartOptions) {
  // Until the server listens, nothing may hold Node's event loop: while PGlite's WebAssembly
  // compiles on V8's threads there is no socket, timer or file request. A loop with nothing left
  // makes Node wait for every task on those threads to end (NodePlatform::DrainTasks) — V8
  // recompiling PGlite's code too — with the main thread idle: up to 0.2 s of a restart
  // (docs/decisions/055). This timer holds the loop instead.
  const starting = setInterval(() => {}, 60_000);
  try {
    return await boot(options);
  } finally {
    clearInterval(starting);
  }
}

async function boot(options: StartOptions) {
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
  // Readable lines on a terminal (a few, for a person: terminal.ts), JSON lines (for log shippers)
  // everywhere else.
  const terminal = terminalMode(env);
  const logger = pino({
    level: terminal.logLevel,
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
          },
        }
      : {}),
  });

  terminal.say('Opening the database and applying any new migrations…');
  let runtime: Runtime;
  try {
    runtime = await createRuntime(env, logger);
  } catch (err) {
    if (
      err instanceof DataDirLockedError ||
      (err instanceof Error && err.message.startsWith('JWT_SECRET'))
    ) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const data = await prepareData(runtime.deps);
  const app = await buildApp(runtime.deps, { web: (a) => options.web(a, env) });

  installShutdown({ app, runtime, logger, drainMs: env.DRAIN_MS, onClose: options.onClose });

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  runtime.jobs.start();
  // Not fatal: the next start (any instance's) queues them again.
  await scheduleRecurringJobs(moduleDeps(runtime.deps, logger)).catch((err: unknown) =>
    logger.warn({ err }, 'could not queue the recurring jobs'),
  );
  logger.info(
    { address },
    `${env.BRAND_NAME} is running at ${env.APP_URL} (database: ${runtime.deps.database.kind})`,
  );
  for (const line of readyLines(env, runtime.deps.database.kind, data)) terminal.say(line);
  return app;
}
