import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  EmailListTokenResponse,
  emailListSignupRequest,
} from '../../../shared/contracts/outreach';
import { HONEYPOT_MESSAGE } from '../../../shared/contracts/outreach-rules';
import { emailListSubscribers } from '../../db/schema';
import {
  forbidden,
  inTransaction,
  isDomainError,
  nowDate,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { requirePlanAllows } from '../entitlements';
import { CONFIRM_LINK_MS, queueListMail } from './list-mail';
import { readListToken, type ListTokenPurpose } from './list-token';
import { scheduleForgetUnconfirmed } from './unconfirmed';
import {
  findListOwner,
  findSubscriber,
  placesTaken,
  listOwnerById,
  lockList,
  type ListOwner,
} from './lists';

export type SignupInput = z.output<typeof emailListSignupRequest>;

const listLabel = (deps: ModuleDeps, owner: ListOwner | null) =>
  owner ? `new posts from ${owner.name}` : `news from ${deps.env.BRAND_NAME}`;

/**
 * A seller's list holds as many addresses (confirmed, or pending with a live confirmation link)
 * as their plan allows — unconfirmed sign-ups cannot fill it for long. The
 * visitor signing up is told the list is full, not the seller's plan terms; the seller sees the
 * limit beside their list (GET /email-list/stats).
 */
async function requireRoom(tx: ModuleDeps, owner: ListOwner | null) {
  if (!owner) return;
  const size = await placesTaken(tx.db, owner, new Date(tx.now() - CONFIRM_LINK_MS));
  try {
    await requirePlanAllows(
      tx,
      owner.id,
      `have more than ${size} subscribers on your email list`,
      (limits) => limits.emailListSubscribers === null || size < limits.emailListSubscribers,
    );
  } catch (err) {
    if (isDomainError(err) && err.code === 'PLAN_LIMIT')
      throw forbidden(
        `${owner.name}'s email list is full for now, so it cannot take new sign-ups. Follow ${owner.name} to see new posts instead.`,
        'PLAN_LIMIT',
      );
    throw err;
  }
}

/**
 * PUT /email-list: signs an address up with double opt-in. New or unsubscribed → pending, and a
 * confirmation mail; pending → the confirmation again (at most once per quiet period); confirmed →
 * a mail saying so. The answer is the same in every case, so it tells nobody whether an address
 * was on the list. A filled honeypot is refused (400) before anything is looked at.
 */
export async function signUp(deps: ModuleDeps, input: SignupInput): Promise<{ message: string }> {
  if (input.website) throw validationError(HONEYPOT_MESSAGE);
  const owner = input.list ? await findListOwner(deps, input.list) : null;
  await inTransaction(deps, async (tx) => {
    await lockList(tx.db, owner);
    const row = await findSubscriber(tx.db, owner, input.email);
    const now = nowDate(tx);
    if (row?.status === 'confirmed') {
      await queueListMail(tx, { mail: 'already', subscriberId: row.id });
      return;
    }
    if (row?.status !== 'pending') await requireRoom(tx, owner);
    const fields = {
      status: 'pending' as const,
      ...(input.name ? { name: input.name } : {}),
      ...(input.source ? { source: input.source } : {}),
      updatedAt: now,
    };
    const id = row
      ? (
          await tx.db
            .update(emailListSubscribers)
            .set({ ...fields, unsubscribedAt: null })
            .where(eq(emailListSubscribers.id, row.id))
            .returning({ id: emailListSubscribers.id })
        )[0]!.id
      : (
          await tx.db
            .insert(emailListSubscribers)
            .values({
              ...fields,
              listOwnerId: owner?.id ?? null,
              email: input.email,
              createdAt: now,
            })
            .returning({ id: emailListSubscribers.id })
        )[0]!.id;
    await queueListMail(tx, { mail: 'confirm', subscriberId: id });
    await scheduleForgetUnconfirmed(tx, id, now);
  });
  return {
    message: `Almost done: we sent a confirmation link to ${input.email}. Open it to start getting ${listLabel(deps, owner)} by email.`,
  };
}

const invalidLink = (purpose: ListTokenPurpose) =>
  validationError(
    purpose === 'confirm'
      ? 'This confirmation link is not valid or has expired. Sign up again to get a new one.'
      : 'This unsubscribe link is not valid. Use the link from the latest email, or write to us from the contact page.',
    'EMAIL_LIST_TOKEN_INVALID',
  );

/** The subscriber a link we signed points at (null when that sign-up has been forgotten since). */
async function claimedRow(deps: ModuleDeps, token: string | undefined, purpose: ListTokenPurpose) {
  const claim = token ? readListToken(deps.secret, token) : null;
  if (!claim || claim.purpose !== purpose) throw invalidLink(purpose);
  if (claim.expiresAt !== null && claim.expiresAt <= deps.now()) throw invalidLink(purpose);
  const [row] = await deps.db
    .select()
    .from(emailListSubscribers)
    .where(eq(emailListSubscribers.id, claim.subscriberId))
    .limit(1);
  return row ?? null;
}

async function listOf(deps: ModuleDeps, row: { listOwnerId: string | null }) {
  const owner = await listOwnerById(deps.db, row.listOwnerId);
  return { owner, list: owner ? { username: owner.username, name: owner.name } : null };
}

async function setStatus(
  db: DbOrTx,
  id: string,
  set: Partial<typeof emailListSubscribers.$inferInsert>,
) {
  await db.update(emailListSubscribers).set(set).where(eq(emailListSubscribers.id, id));
}

/**
 * POST /email-list/confirm: the double opt-in link. Pending → confirmed; already confirmed says
 * the same again. An address that unsubscribed since must sign up again (an old link does not
 * bring it back).
 */
export async function confirmSignup(
  deps: ModuleDeps,
  token: string,
): Promise<EmailListTokenResponse> {
  const row = await claimedRow(deps, token, 'confirm');
  if (!row || row.status === 'unsubscribed') throw invalidLink('confirm');
  const { owner, list } = await listOf(deps, row);
  if (row.status === 'pending')
    await setStatus(deps.db, row.id, {
      status: 'confirmed',
      confirmedAt: nowDate(deps),
      updatedAt: nowDate(deps),
    });
  return {
    message: `You are subscribed: you will get ${listLabel(deps, owner)} at ${row.email}. Every email has a link to unsubscribe.`,
    list,
  };
}

/**
 * POST /email-list/unsubscribe: any list email's link (or the mail client's one-click POST). The
 * link never expires, and works once the address is off the list too.
 */
export async function unsubscribeFromList(
  deps: ModuleDeps,
  token: string | undefined,
): Promise<EmailListTokenResponse> {
  const row = await claimedRow(deps, token, 'unsubscribe');
  // A sign-up never confirmed is forgotten (unconfirmed.ts), and a seller's list goes with their
  // account: that address is on no list any more, which is what the link asked for.
  if (!row)
    return {
      message: 'You are unsubscribed: this address is not on that list any more.',
      list: null,
    };
  const { owner, list } = await listOf(deps, row);
  if (row.status !== 'unsubscribed')
    await setStatus(deps.db, row.id, {
      status: 'unsubscribed',
      unsubscribedAt: nowDate(deps),
      updatedAt: nowDate(deps),
    });
  return {
    message: `You are unsubscribed: ${row.email} will get no more ${listLabel(deps, owner)}.`,
    list,
  };
}
