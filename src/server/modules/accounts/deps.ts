import type { Env } from '../../config/env';
import type { Database, Db } from '../../db/client';
import type { Logger, MailDriver } from '../../adapters/mail/types';
import type { StorageDriver } from '../../adapters/storage/types';

/**
 * What the account use-cases need from the outside world. The HTTP layer's AppDeps satisfies it
 * structurally, so modules never import the HTTP layer.
 */
export interface AccountsDeps {
  env: Pick<Env, 'APP_URL' | 'BRAND_NAME'>;
  database: Pick<Database, 'db'>;
  mail: MailDriver;
  storage: StorageDriver;
  /** Signs access tokens (a sub-key is derived from it). */
  secret: string;
  /** Injectable clock (tests move it forward instead of sleeping). */
  now?: () => number;
}

/** A database handle or an open transaction: repository helpers accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const nowMs = (deps: Pick<AccountsDeps, 'now'>): number => deps.now?.() ?? Date.now();
export const nowDate = (deps: Pick<AccountsDeps, 'now'>): Date => new Date(nowMs(deps));

/** Logs nowhere: for callers that have no logger to hand. */
export const silentLog: Logger = { info() {}, warn() {}, error() {} };

/** The public origin of the app without a trailing slash, for links in emails. */
export const appOrigin = (deps: Pick<AccountsDeps, 'env'>): string =>
  deps.env.APP_URL.replace(/\/+$/, '');

export type { Logger };
