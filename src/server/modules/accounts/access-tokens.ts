import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '../../../shared/contracts/accounts';
import { isUuid } from '../../../shared/contracts/common';
import { appOrigin, type ModuleDeps } from '../core';
import { findSessionSubject } from './users-repo';

/** Access tokens live 15 minutes; the refresh token renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'api';
/** Longer than any token we issue: skip the crypto for junk. */
const MAX_TOKEN_LENGTH = 2048;

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The user's session version when the token was issued. */
  sessionVersion: number;
  /** The login (refresh family) it belongs to: ending that login ends this token too. */
  familyId: string;
}

export interface AuthenticatedUser {
  id: string;
  role: Role;
}

// A key derived for this purpose only, so the JWT key is never the raw secret that also signs
// upload URLs.
const keys = new Map<string, Uint8Array>();
function accessKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(
      createHmac('sha256', secret).update('storefront/access-token/v1').digest(),
    );
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  deps: Pick<ModuleDeps, 'secret' | 'env' | 'now'>,
  claims: AccessClaims,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(deps.now() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role: claims.role, sv: claims.sessionVersion, fid: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(appOrigin(deps))
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(accessKey(deps.secret));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** The token's claims when its signature, algorithm, issuer, audience and expiry check out; else null. */
export async function verifyAccessToken(
  deps: Pick<ModuleDeps, 'secret' | 'env' | 'now'>,
  token: string,
): Promise<AccessClaims | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, accessKey(deps.secret), {
      // Only HS256: 'none' and public-key algorithms (key confusion) are refused.
      algorithms: ['HS256'],
      issuer: appOrigin(deps),
      audience: AUDIENCE,
      currentDate: new Date(deps.now()),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, role, sv, fid } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof sv !== 'number' ||
      typeof fid !== 'string' ||
      !isUuid(fid) ||
      !ROLES.includes(role as Role)
    )
      return null;
    return { userId: sub, role: role as Role, sessionVersion: sv, familyId: fid };
  } catch {
    return null;
  }
}

/**
 * Verifies a token and checks it against the account with one primary-key read: a token from
 * before a password change (older session version), of a login that has ended (logout, or a
 * stolen refresh token detected), or of a suspended or deleted account is refused. The role comes
 * from the database, so role changes apply at once.
 */
export async function authenticateAccessToken(
  deps: Pick<ModuleDeps, 'secret' | 'env' | 'now' | 'db'>,
  token: string,
): Promise<AuthenticatedUser | null> {
  const claims = await verifyAccessToken(deps, token);
  if (!claims) return null;
  const row = await findSessionSubject(deps.db, claims.userId, claims.familyId);
  if (
    !row ||
    row.status !== 'active' ||
    row.sessionVersion !== claims.sessionVersion ||
    row.sessionEnded
  )
    return null;
  return { id: row.id, role: row.role };
}
