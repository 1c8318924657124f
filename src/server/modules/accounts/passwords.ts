import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { validationError } from '../core';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. (`Algorithm` is a const enum,
// which isolatedModules cannot read, hence the literal.)
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash (never throws on user input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, so "no such account" and "wrong password" cannot
 * be told apart by timing.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * Passwords that appear in breach corpora (zxcvbn's list of ~49 000, ranked by frequency in leaked
 * password dumps), loaded once on first use: guessing attacks try these first.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

export const COMMON_PASSWORD =
  'This password is one of the most common (it appears in lists of leaked passwords), so it is easy to guess. Use a longer phrase of a few unrelated words.';
export const PERSONAL_PASSWORD =
  'This password is your username or email address, so it is easy to guess. Use a phrase of a few unrelated words.';

/**
 * Why a new password would be easy to guess, or null: one of the commonly breached ones, or the
 * account's own username or email (any case, spaces around ignored).
 */
export async function weakPasswordReason(
  password: string,
  account: { username?: string; email?: string } = {},
): Promise<string | null> {
  const candidate = password.trim().toLowerCase();
  const personal = [account.username, account.email, account.email?.split('@')[0]]
    .filter((v): v is string => Boolean(v))
    .map((v) => v.toLowerCase());
  if (personal.includes(candidate)) return PERSONAL_PASSWORD;
  return (await loadCommonPasswords()).has(candidate) ? COMMON_PASSWORD : null;
}

/** Refuses an easy-to-guess new password with a 400 naming the field. */
export async function assertStrongPassword(
  password: string,
  account: { username?: string; email?: string } = {},
): Promise<void> {
  const reason = await weakPasswordReason(password, account);
  if (reason)
    throw validationError(`password: ${reason}`, 'VALIDATION_ERROR', [{ path: ['password'], message: reason }]);
}
