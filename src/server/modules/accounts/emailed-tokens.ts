import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { userTokens, type USER_TOKEN_PURPOSES } from '../../db/schema';
import { hashToken, randomToken } from './crypto';
import type { DbOrTx } from '../core';

export type EmailTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  activation: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/**
 * Issues a single-use emailed token. Older links keep working until this one has been delivered
 * (see retireOtherEmailTokens): a mail server that is down must not leave the owner with no
 * working link at all.
 */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/** Once `token`'s email is out, the user's other unused links of that purpose stop working. */
export async function retireOtherEmailTokens(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<void> {
  await db
    .delete(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        ne(userTokens.tokenHash, hashToken(token)),
      ),
    );
}

/** A token whose email could not be sent is withdrawn (the next attempt issues a new one). */
export async function discardEmailToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.tokenHash, hashToken(token)));
}

/**
 * Spends a token: returns its user id if the token exists, has this purpose, is unused and has
 * not expired; otherwise null. The conditional update makes a token usable exactly once, even
 * under concurrent requests.
 */
export async function consumeEmailToken(
  db: DbOrTx,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}
