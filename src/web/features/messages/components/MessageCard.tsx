import type { ReactNode } from 'react';
import { MessageText } from './MessageText';
import { Link } from 'react-router';
import type { Message } from '../../../../shared/contracts/messages';
import { LikeButton } from '../../../components/LikeButton';
import { ReportButton } from '../../../components/ReportButton';
import { useRootData } from '../../../lib/root-data';
import { Avatar } from '../../../components/ui/Avatar';
import { toggleMessageLike } from '../api/messages-api';
import { useLikedMessages } from '../stores/liked-messages-store';
import { formatDateTime as formatWhen } from '../../../../shared/format';

export const tagHref = (tag: string) => `/messages?tag=${encodeURIComponent(tag)}`;

/** A message's images: WebP variants with `srcset`, their size reserved (no layout shift). */
export function MessageImages({ message }: { message: Message }) {
  const count = message.medias.length;
  if (count === 0) return null;
  return (
    <ul className={`mt-3 grid gap-2 ${count > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {message.medias.map((m, i) => (
        <li key={m._id}>
          <a href={m.fullsize} className="block overflow-hidden rounded-lg bg-gray-100">
            <img
              src={m.fullsize}
              srcSet={m.srcset?.fullsize || undefined}
              sizes="(min-width: 40rem) 36rem, 100vw"
              width={m.width ?? undefined}
              height={m.height ?? undefined}
              alt={
                m.alt ||
                `Image ${count > 1 ? `${i + 1} of ${count} ` : ''}shared by ${message.user.name}`
              }
              loading="lazy"
              decoding="async"
              className="h-auto max-h-96 w-full object-contain"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function MessageTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagHref(tag)}
            className="inline-flex min-h-8 items-center rounded-full bg-indigo-50 px-3 text-sm font-medium text-indigo-900 hover:bg-indigo-100"
            data-testid="message-tag"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface MessageCardProps {
  message: Message;
  liked: boolean;
  /** Extra controls (edit, delete) shown beside the like button. */
  actions?: ReactNode;
}

/**
 * One message in a list: its author, when, who it is for (private messages), its text (as text,
 * line breaks kept), images, tags as filter links, and the like button.
 */
export function MessageCard({ message, liked, actions }: MessageCardProps) {
  const mark = useLikedMessages((s) => s.mark);
  const viewerId = useRootData()?.user?._id ?? null;
  const headingId = `message-${message._id}-by`;
  return (
    <article
      className="card"
      aria-labelledby={headingId}
      data-testid="message-card"
      data-message-id={message._id}
    >
      <header className="flex items-start gap-3">
        <Avatar name={message.user.name} src={message.user.image?.thumbnail} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-gray-950">
            <Link to={`/users/${encodeURIComponent(message.user._id)}`} className="hover:underline">
              <bdi>{message.user.name}</bdi>
            </Link>{' '}
            <span className="font-normal text-gray-700">@{message.user.username}</span>
          </h3>
          <p className="text-sm text-gray-700">
            <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
            {message.updatedAt !== message.createdAt ? ' · edited' : ''}
            {message.recipient ? (
              <span data-testid="message-private">
                {' · '}Private to <bdi>{message.recipient.name}</bdi> (@{message.recipient.username}
                )
              </span>
            ) : null}
          </p>
        </div>
      </header>
      <MessageText
        text={message.text}
        className="mt-3 whitespace-pre-wrap break-words text-gray-900"
      />
      <MessageImages message={message} />
      <MessageTags tags={message._tags} />
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <LikeButton
          liked={liked}
          count={message.likesCount}
          signedIn
          toggle={() => toggleMessageLike(message._id)}
          onChange={(now) => mark(message._id, now)}
          label={`message by ${message.user.name}`}
          testId="message-like"
        />
        {actions}
        {viewerId !== null && viewerId !== message.user._id && (
          <ReportButton
            targetType="message"
            targetId={message._id}
            signedIn
            label="Report"
            testId="message-report"
          />
        )}
      </div>
    </article>
  );
}
