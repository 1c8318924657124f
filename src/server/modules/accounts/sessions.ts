import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import type { Role } from '../../../shared/contracts/accounts';
import { refreshTokens } from '../../db/schema';
import { inTransaction, nowDate, unauthorized, type DbOrTx, type ModuleDeps } from '../core';
import { signAccessToken, type AuthenticatedUser } from './access-tokens';
import { hashToken, randomToken } from './crypto';
import { findSessionSubject } from './users-repo';

/** A login lasts at most this long; rotating the refresh token never extends it. */
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A token spent this recently is a race, not a theft: two tabs, or a page render and a prefetch,
 * refreshed the same expired session at once. The loser gets its own pair in the same family
 * instead of revoking everyone's session (see ADR 004). Outside the window, reuse revokes.
 */
export const REUSE_GRACE_MS = 10_000;

export interface SessionTokens {
  token: string;
  tokenExpiresAt: Date;
  refreshToken: string;
  /** End of the refresh family (absolute). */
  refreshExpiresAt: Date;
  /** Whom the tokens are for (a page render needs no second look-up). */
  user: AuthenticatedUser;
}

type SessionDeps = Pick<ModuleDeps, 'db' | 'secret' | 'env' | 'now' | 'log'>;
interface SessionSubject {
  id: string;
  role: Role;
  sessionVersion: number;
}

async function insertRefreshToken(db: DbOrTx, userId: string, familyId: string, expiresAt: Date) {
  const refreshToken = randomToken();
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(refreshToken), expiresAt });
  return refreshToken;
}

/** Starts a new refresh family (a login) and issues its first tokens (through deps.db: may be a transaction). */
export async function startSession(
  deps: SessionDeps,
  user: SessionSubject,
): Promise<SessionTokens> {
  const refreshExpiresAt = new Date(nowDate(deps).getTime() + REFRESH_FAMILY_TTL_MS);
  const familyId = randomUUID();
  const refreshToken = await insertRefreshToken(deps.db, user.id, familyId, refreshExpiresAt);
  const access = await signAccessToken(deps, {
    userId: user.id,
    role: user.role,
    sessionVersion: user.sessionVersion,
    familyId,
  });
  return {
    token: access.token,
    tokenExpiresAt: access.expiresAt,
    refreshToken,
    refreshExpiresAt,
    user: { id: user.id, role: user.role },
  };
}

const sessionExpired = () => unauthorized(MESSAGES.sessionExpired, 'SESSION_EXPIRED');

async function revokeFamily(db: DbOrTx, familyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (password change/reset). */
export async function revokeAllSessions(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * POST /token: spends a refresh token and issues the next one in the same family (RFC 9700
 * rotation). Presenting a token that was already spent (outside the short race window) means it
 * was copied: the whole family is revoked, so neither the thief nor the victim can continue, and
 * the event is logged.
 */
export async function rotateRefreshToken(
  deps: SessionDeps,
  presented: string,
): Promise<SessionTokens> {
  const now = nowDate(deps);
  const tokenHash = hashToken(presented);
  const outcome = await inTransaction(deps, async ({ db: tx }) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row) return { kind: 'invalid' as const };
    if (row.revokedAt || row.expiresAt.getTime() <= now.getTime())
      return { kind: 'invalid' as const };
    // Conditional update: of two concurrent rotations of one token, exactly one wins.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.id, row.id),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      // row.usedAt is null here when a concurrent rotation won between our read and our update.
      const concurrent = !row.usedAt || now.getTime() - row.usedAt.getTime() <= REUSE_GRACE_MS;
      // A race (two tabs) gets one sibling pair per spent token; any further replay is a copy.
      const sibling = concurrent
        ? await tx
            .update(refreshTokens)
            .set({ siblingIssuedAt: now })
            .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.siblingIssuedAt)))
            .returning({ id: refreshTokens.id })
        : [];
      if (sibling.length === 0) {
        await revokeFamily(tx, row.familyId, now);
        return { kind: 'reuse' as const, userId: row.userId, familyId: row.familyId };
      }
    }
    const user = await findSessionSubject(tx, row.userId);
    if (!user || user.status !== 'active') {
      await revokeFamily(tx, row.familyId, now);
      return { kind: 'invalid' as const };
    }
    const refreshToken = await insertRefreshToken(tx, user.id, row.familyId, row.expiresAt);
    return {
      kind: 'ok' as const,
      user,
      familyId: row.familyId,
      refreshToken,
      refreshExpiresAt: row.expiresAt,
    };
  });

  if (outcome.kind === 'reuse') {
    deps.log.warn(
      { userId: outcome.userId, familyId: outcome.familyId },
      'refresh token reuse detected: session family revoked',
    );
    throw sessionExpired();
  }
  if (outcome.kind === 'invalid') throw sessionExpired();
  const { user } = outcome;
  const access = await signAccessToken(deps, {
    userId: user.id,
    role: user.role,
    sessionVersion: user.sessionVersion,
    familyId: outcome.familyId,
  });
  return {
    token: access.token,
    tokenExpiresAt: access.expiresAt,
    refreshToken: outcome.refreshToken,
    refreshExpiresAt: outcome.refreshExpiresAt,
    user: { id: user.id, role: user.role },
  };
}

/** POST /logout: revokes the family of the presented refresh token. Unknown tokens are ignored. */
export async function endSession(deps: SessionDeps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (row) await revokeFamily(deps.db, row.familyId, nowDate(deps));
}

/**
 * Whose live session a refresh token belongs to, without spending it (no rotation, no cookie):
 * for the link redirect, which must recognise a seller following their own link but must not
 * set a cookie (docs/decisions/065). Only a token not yet used, revoked or expired counts.
 */
export async function refreshTokenHolder(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  presented: string,
): Promise<string | null> {
  if (!presented || presented.length > 200) return null;
  const [row] = await deps.db
    .select({ userId: refreshTokens.userId, expiresAt: refreshTokens.expiresAt })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(presented)),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return row && row.expiresAt.getTime() > deps.now() ? row.userId : null;
}
