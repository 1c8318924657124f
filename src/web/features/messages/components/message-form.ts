import type { Message } from '../../../../shared/contracts/messages';
import { SOCIAL_LIMITS } from '../../../../shared/contracts/social-rules';
import { checkOf } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import type { MessageDraft } from '../api/messages-api';

// The rules of the message form (/message): its fields, the check before sending and what a
// server refusal says about which field.

const MAX = SOCIAL_LIMITS.messageMax;

export type Field = 'text' | 'recipient' | 'image' | '_tags';
export type Errors = Partial<Record<Field, string>>;
export const FIELD_IDS: Record<Field, string> = {
  text: 'message-text',
  recipient: 'message-recipient',
  image: 'message-images',
  _tags: 'message-tags',
};
export const ORDER: Field[] = ['recipient', 'text', '_tags', 'image'];

/** The field a server refusal is about: validation details (`message.text`…) or a known code. */
export function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  const out: Errors = {};
  for (const d of err.details ?? []) {
    const path = d.path[0] === 'message' ? d.path.slice(1) : d.path;
    const field = path[0];
    if (field === 'text' || field === 'recipient' || field === '_tags') out[field] ??= d.message;
    if (field === 'medias') out.image ??= d.message;
  }
  if (err.code && ['USER_NOT_FOUND', 'SELF_ACTION', 'BLOCKED'].includes(err.code))
    out.recipient ??= err.message.replace(/^recipient: /, '');
  if (err.code === 'IMAGE_REJECTED' || err.code === 'PAYLOAD_TOO_LARGE')
    out.image ??= err.message.replace(/^image[^:]*: /, '');
  return out;
}

/** What the composer checks before sending (the rest — tags, images — is checked as it is added). */
export interface Values {
  text: string;
  audience: 'public' | 'private';
  recipient: string;
}

/**
 * The values about to be sent, checked as the server checks them, and the draft they make: a
 * message being edited keeps its recipient and the images still kept.
 */
export function checkMessage(
  v: Values,
  { editing, kept, tags }: { editing: Message | null; kept: Message['medias']; tags: string[] },
) {
  const out: Errors = {};
  if (!v.text.trim()) out.text = 'Write a message first.';
  else if (v.text.length > MAX)
    out.text = `Messages can have at most ${MAX.toLocaleString('en-US')} characters.`;
  if (!editing && v.audience === 'private' && !v.recipient.trim())
    out.recipient = 'Name the member to send it to (their username).';
  const draft: MessageDraft = {
    ...(editing ? { _id: editing._id, medias: kept.map((m) => m._id) } : {}),
    text: v.text.trim(),
    _tags: tags,
    ...(!editing && v.audience === 'private' ? { recipient: v.recipient.trim() } : {}),
  };
  return checkOf(out, draft);
}
