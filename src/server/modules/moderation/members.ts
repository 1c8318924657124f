import { and, eq, or } from 'drizzle-orm';
import type { Role, SessionUser } from '../../../shared/contracts/accounts';
import type { UserStatus } from '../../../shared/contracts/social-rules';
import type { AdminUser } from '../../../shared/contracts/users-admin';
import { reports } from '../../db/schema';
import {
  changeUserRole,
  deleteAccount,
  forgetUserLikesBy,
  lockAccountForDeletion,
  setAccountStatus,
  toAdminUser,
  type StaffActor,
  type StatusChange,
} from '../accounts';
import { forgetGenerationsOf } from '../ai';
import { deleteSellerPosts, forgetProductLikesBy, setSellerPostsHidden } from '../catalog';
import { announceChange, inTransaction, nowDate, type ModuleDeps } from '../core';
import { deleteMessagesOf, forgetMessageLikesBy } from '../messages';
import { recordAction, withNote } from './log';

// Suspending, reinstating, deleting and re-roling members: the accounts module changes the
// account, the catalogue and messages let go of what the member published, and the decision is
// logged — in one transaction (docs/decisions/022).

/**
 * Every open report about `userId` — on them or on anything they wrote — is closed as `actioned`
 * (they are suspended or deleted: what was reported is out of public view).
 */
async function closeReportsAbout(tx: ModuleDeps, actorId: string, userId: string) {
  return tx.db
    .update(reports)
    .set({ status: 'actioned', decidedBy: actorId, decidedAt: nowDate(tx) })
    .where(
      and(
        eq(reports.status, 'open'),
        or(
          eq(reports.targetUserId, userId),
          and(eq(reports.targetType, 'user'), eq(reports.targetId, userId)),
        ),
      ),
    )
    .returning({ id: reports.id });
}

/**
 * Suspends (or reinstates) `id` inside `tx`: the account's status and sessions (accounts), their
 * posts hidden or shown again (catalog), reports about them closed on suspension, the decision
 * logged (unless nothing changed). The caller announces the change after the commit.
 */
export async function changeMemberStatus(
  tx: ModuleDeps,
  actor: StaffActor,
  input: { id: string; status: UserStatus; reportId?: string; note?: string },
): Promise<StatusChange> {
  const change = await setAccountStatus(tx, actor, input);
  if (!change.changed) return change;
  const { user } = change;
  const suspended = input.status === 'suspended';
  await setSellerPostsHidden(tx, user.id, suspended);
  const closed = suspended ? await closeReportsAbout(tx, actor.id, user.id) : [];
  const reports = closed.length
    ? ` (${closed.length} open report${closed.length === 1 ? '' : 's'} closed)`
    : '';
  await recordAction(tx, {
    actorId: actor.id,
    action: suspended ? 'suspend' : 'reinstate',
    targetType: 'user',
    targetId: user.id,
    reportId: input.reportId ?? null,
    note: withNote(
      `@${user.username} ${suspended ? 'suspended' : 'reinstated'}${reports}`,
      input.note,
    ),
  });
  return change;
}

/** A suspension shows everywhere (their page, posts, comments, messages, likes on others' pages). */
export const announceMemberChange = (deps: ModuleDeps) =>
  announceChange(deps, { kind: 'all', userIds: null });

/** PATCH /users/status (moderators and admins). */
export async function setUserStatus(
  deps: ModuleDeps,
  actor: StaffActor,
  input: { id: string; status: UserStatus },
): Promise<AdminUser> {
  const change = await inTransaction(deps, (tx) => changeMemberStatus(tx, actor, input));
  if (change.changed) announceMemberChange(deps);
  return toAdminUser(change.user);
}

/**
 * DELETE /users?id= (admins): the member and everything they published go, in one transaction —
 * the likes they gave are taken off the counts, their posts (tag counts, files), their messages
 * (files), their AI-generated pictures' files, their avatar's and logo's files, then the account
 * with all that cascades from it; reports about them close, reports they filed and decisions they
 * took stay without their name.
 */
export async function deleteUser(
  deps: ModuleDeps,
  actor: StaffActor,
  id: string,
): Promise<{ _id: string }> {
  const deleted = await inTransaction(deps, async (tx) => {
    const target = await lockAccountForDeletion(tx, actor, id);
    const closed = await closeReportsAbout(tx, actor.id, target.id);
    await forgetProductLikesBy(tx.db, target.id);
    await forgetUserLikesBy(tx.db, target.id);
    await forgetMessageLikesBy(tx.db, target.id);
    const posts = await deleteSellerPosts(tx, target.id);
    const messages = await deleteMessagesOf(tx, target.id);
    await forgetGenerationsOf(tx, target.id);
    await deleteAccount(tx, target);
    await recordAction(tx, {
      actorId: actor.id,
      action: 'delete',
      targetType: 'user',
      targetId: target.id,
      note: `@${target.username} deleted with ${posts} post${posts === 1 ? '' : 's'} and ${messages} message${messages === 1 ? '' : 's'}${closed.length ? `; ${closed.length} open report${closed.length === 1 ? '' : 's'} closed` : ''}`,
    });
    return target.id;
  });
  announceMemberChange(deps);
  return { _id: deleted };
}

const ROLE_NAMES: Record<Role, string> = {
  user: 'a member',
  moderator: 'a moderator',
  admin: 'an admin',
  superAdmin: 'a super admin',
};

/** PATCH /admin/users/roles: the accounts module's role change, logged in the same transaction. */
export async function changeRole(
  deps: ModuleDeps,
  actor: StaffActor,
  input: { id: string; role: Role },
): Promise<SessionUser> {
  return inTransaction(deps, async (tx) => {
    const user = await changeUserRole(tx, actor, input);
    await recordAction(tx, {
      actorId: actor.id,
      action: 'role',
      targetType: 'user',
      targetId: user._id,
      note: `@${user.username} is now ${ROLE_NAMES[user.role]}`,
    });
    return user;
  });
}
