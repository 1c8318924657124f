import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ContactMessage,
  ContactMessagesResponse,
  contactMessagesQuery,
  contactRequest,
} from '../../../shared/contracts/outreach';
import {
  CONTACT_THANKS,
  HONEYPOT_MESSAGE,
  type ContactStatus,
} from '../../../shared/contracts/outreach-rules';
import { contactMessages, users } from '../../db/schema';
import { inTransaction, notFound, nowDate, validationError, type ModuleDeps } from '../core';
import { queueContactMails } from './contact-mail';

export type ContactInput = z.output<typeof contactRequest>;

/**
 * POST /contact: stores the message and, in the same transaction, queues one mail per admin
 * (Reply-To the sender). A filled honeypot is refused with a 400 that tells a person what to do,
 * before anything is stored. `userId`: the signed-in sender, if any.
 */
export async function sendContactMessage(
  deps: ModuleDeps,
  input: ContactInput,
  userId: string | null,
): Promise<{ message: string }> {
  if (input.website) throw validationError(HONEYPOT_MESSAGE);
  await inTransaction(deps, async (tx) => {
    const [row] = await tx.db
      .insert(contactMessages)
      .values({
        userId,
        name: input.name,
        email: input.email,
        topic: input.topic,
        subject: input.subject,
        message: input.message,
        createdAt: nowDate(tx),
      })
      .returning({ id: contactMessages.id });
    await queueContactMails(tx, row!.id);
  });
  return { message: CONTACT_THANKS };
}

const sender = alias(users, 'sender');
const handler = alias(users, 'handler');

function selectMessages(deps: Pick<ModuleDeps, 'db'>) {
  return deps.db
    .select({
      row: contactMessages,
      sender: { _id: sender.id, username: sender.username, name: sender.name },
      handler: { _id: handler.id, username: handler.username, name: handler.name },
    })
    .from(contactMessages)
    .leftJoin(sender, eq(sender.id, contactMessages.userId))
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toContactMessage({ row, sender: from, handler: by }: Selected): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic as ContactMessage['topic'],
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    sender: from?._id ? from : null,
    handledBy: by?._id ? by : null,
  };
}

/** GET /admin/contact-messages: newest first, new ones by default. */
export async function listContactMessages(
  deps: Pick<ModuleDeps, 'db'>,
  query: z.output<typeof contactMessagesQuery>,
): Promise<ContactMessagesResponse> {
  const where: SQL | undefined =
    query.status === 'all' ? undefined : inArray(contactMessages.status, [query.status]);
  const [rows, [total]] = await Promise.all([
    selectMessages(deps)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { messages: rows.map(toContactMessage), recordsCount: Number(total?.n ?? 0) };
}

/** PATCH /admin/contact-messages/:id: handled (by whom, when) or back to new. */
export async function updateContactMessage(
  deps: ModuleDeps,
  adminId: string,
  id: string,
  status: ContactStatus,
): Promise<{ contactMessage: ContactMessage }> {
  const handled = status === 'handled';
  const [updated] = await deps.db
    .update(contactMessages)
    .set({ status, handledBy: handled ? adminId : null, handledAt: handled ? nowDate(deps) : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!updated)
    throw notFound(
      'This message could not be found. It may have been deleted.',
      'CONTACT_MESSAGE_NOT_FOUND',
    );
  const [row] = await selectMessages(deps).where(eq(contactMessages.id, id));
  return { contactMessage: toContactMessage(row!) };
}
