import pino from 'pino';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { moduleDeps, type AppDeps } from '../../src/server/composition/app-deps';
import { silentLog } from '../../src/server/modules/core';
import type { Role, AccountType } from '../../src/shared/contracts/accounts';
import {
  createAccount,
  hashPassword,
  setUserPlan,
  startSession,
} from '../../src/server/modules/accounts';
import type { PaidPlanId } from '../../src/shared/plans';
import type { UserRow } from '../../src/server/db/schema';
import type { TestApp } from '../helpers/app';

let sequence = 0;
const unique = () => `${process.pid.toString(36)}${(++sequence).toString(36)}`;

/** A distinct client address per call, so per-IP rate limits of one test never leak into another. */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

export interface UserFactoryInput {
  username?: string;
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
  accountType?: AccountType;
  activated?: boolean;
  /**
   * A paid plan for a year (users.plan only, no subscription): for tests of features a plan
   * unlocks (a custom domain) that are not about buying it (tests/api/plans do that).
   */
  plan?: PaidPlanId;
}

// Hashing is deliberately slow; factories reuse one hash per password.
const hashes = new Map<string, Promise<string>>();

/** Inserts an account (activated unless told otherwise) straight through the module. */
export async function createUser(
  deps: AppDeps,
  input: UserFactoryInput = {},
): Promise<{ user: UserRow; password: string }> {
  const id = unique();
  const password = input.password ?? DEFAULT_PASSWORD;
  let passwordHash = hashes.get(password);
  if (!passwordHash) hashes.set(password, (passwordHash = hashPassword(password)));
  const hash = await passwordHash;
  const { user } = await createAccount(moduleDeps(deps, silentLog), {
    username: input.username ?? `user-${id}`,
    name: input.name ?? `Test User ${id}`,
    email: input.email ?? `user-${id}@example.test`,
    passwordHash: hash,
    accountType: input.accountType ?? 'both',
    role: input.role ?? 'user',
    activatedAt: input.activated === false ? null : new Date(),
  });
  if (input.plan) {
    const start = new Date();
    const end = new Date(start.getTime() + 366 * 24 * 3600_000);
    const plan = {
      id: input.plan,
      start: start.toISOString(),
      end: end.toISOString(),
      frequency: 'year' as const,
      subscriptionScheduleId: `sub_sched_test_${id}`,
    };
    await setUserPlan(moduleDeps(deps, silentLog), user.id, plan);
    return { user: { ...user, plan }, password };
  }
  return { user, password };
}

/** A signed-in user: the account plus session tokens, without going through (rate-limited) /login. */
export async function signedInUser(deps: AppDeps, input: UserFactoryInput = {}) {
  const { user, password } = await createUser(deps, input);
  const session = await startSession(moduleDeps(deps, silentLog), user);
  return {
    user,
    password,
    token: session.token,
    refreshToken: session.refreshToken,
    auth: { 'x-access-token': session.token },
  };
}

/** app.inject from a fresh client address (see nextIp). */
export function inject(t: TestApp, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({ remoteAddress: nextIp(), ...opts });
}

/** Parses Set-Cookie headers into name → { value, attributes (lower-cased names) }. */
export function cookiesOf(
  res: LightMyRequestResponse,
): Record<string, { value: string; attrs: Record<string, string | true> }> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: Record<string, { value: string; attrs: Record<string, string | true> }> = {};
  for (const line of list) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const parsed: Record<string, string | true> = {};
    for (const a of attrs) {
      const i = a.indexOf('=');
      if (i === -1) parsed[a.toLowerCase()] = true;
      else parsed[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
    }
    out[pair.slice(0, eq)] = { value: decodeURIComponent(pair.slice(eq + 1)), attrs: parsed };
  }
  return out;
}

/** The token from the newest outbox mail to `to` whose link matches `pattern` (capture group 1). */
export async function tokenFromMail(t: TestApp, to: string, pattern: RegExp): Promise<string> {
  const mails = (await t.outbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
  for (const mail of mails.reverse()) {
    const match = pattern.exec(mail.text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

export const ACTIVATION_LINK = /\/users\/activate-account\?token=([A-Za-z0-9_%-]+)/;
export const RESET_LINK = /\/password-reset\/([A-Za-z0-9_%-]+)/;

/** A real pino logger whose JSON lines are kept, to assert what the app logs (and what it doesn't). */
export function recordingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    entries: () =>
      lines.map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string }),
    raw: () => lines.join(''),
  };
}

let registrations = 0;
/** A valid POST /register body, unique per call. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  registrations += 1;
  const n = `${registrations}-${unique()}`;
  return {
    username: `new-user-${n}`,
    name: `New User ${registrations}`,
    email: `new-${n}@example.test`,
    password: 'long enough password',
    accountType: 'seller',
    ...overrides,
  };
}

/** POST /register from its own client address (registration is rate limited per address). */
export function registerVia(t: TestApp, payload: unknown, remoteAddress = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: payload as object,
    remoteAddress,
  });
}
