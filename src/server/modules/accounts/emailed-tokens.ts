import { and, eq, gt, isNull } from 'drizzle-orm';
import { userTokens, type USER_TOKEN_PURPOSES } from '../../db/schema';
import { hashToken, randomToken } from './crypto';
import type { DbOrTx } from './deps';

export type EmailTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  activation: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/**
 * Issues a single-use emailed token. Older unused tokens of the same purpose are deleted, so
 * only the newest link works.
 */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await db
    .delete(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
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
