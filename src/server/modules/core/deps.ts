import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { MailDriver } from '../../adapters/mail/types';
import type { StorageDriver } from '../../adapters/storage/types';
import type { DomainProbe } from '../../adapters/domains/probe';
import type { PaymentsDriver } from '../../adapters/payments/types';
import type { AiImageDriver } from '../../adapters/ai-images/types';

/** A database handle or an open transaction: every repository helper accepts either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The subset of pino's logger the modules use. */
export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Everything a use-case may reach outside its own code, handed over the same way to every module:
 * `(deps, input, …)`. The HTTP layer builds one per request (with that request's logger); jobs
 * build one per run; inside `inTransaction` the `db` is the open transaction, so everything written
 * through these deps (including enqueued jobs) commits or rolls back together.
 */
export interface ModuleDeps {
  db: DbOrTx;
  env: Env;
  /** The clock in epoch milliseconds (tests move it forward instead of sleeping). */
  now: () => number;
  log: Logger;
  mail: MailDriver;
  storage: StorageDriver;
  /** Signing secret (sub-keys are derived from it per purpose). */
  secret: string;
  /** Looks at custom domains from outside (DNS TXT, HTTP) to verify their owners. */
  domainProbe: DomainProbe;
  /**
   * The Stripe payments driver when STRIPE_SECRET_KEY is set; null means the embedded driver,
   * which commerce builds on `db` (its intents live in the database): commerce/payments.ts.
   */
  payments: PaymentsDriver | null;
  /** Makes images from a prompt: OpenAI when OPENAI_API_KEY is set, else the offline generator. */
  aiImages: AiImageDriver;
  /**
   * The id of the HTTP request (or job) this work is done for: jobs it enqueues carry it, so their
   * log lines can be traced back to the request (X-Request-Id).
   */
  requestId?: string;
}

export const nowDate = (deps: Pick<ModuleDeps, 'now'>): Date => new Date(deps.now());

/** Logs nowhere: for scripts and tests that have no logger to hand. */
export const silentLog: Logger = { info() {}, warn() {}, error() {} };

/** The public origin of the app without a trailing slash, for links in emails. */
export const appOrigin = (deps: Pick<ModuleDeps, 'env'>): string =>
  deps.env.APP_URL.replace(/\/+$/, '');
