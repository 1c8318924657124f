import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { MessageText } from './MessageText';
import { Link } from 'react-router';
import type { Message } from '../../../../shared/contracts/messages';
import { SOCIAL_LIMITS } from '../../../../shared/contracts/social-rules';
import { MESSAGES } from '../../../../shared/messages';
import { LikeButton } from '../../../components/LikeButton';
import { SubmitButton, checkOf, useSend } from '../../../components/ui/form';
import { saveMessage, toggleMessageLike, type ThreadState } from '../api/messages-api';
import { useLikedMessageIds, useLikedMessages } from '../stores/liked-messages-store';
import { formatDateTime as formatWhen } from '../../../../shared/format';
import { MessageImages, MessageTags } from './MessageCard';
import { Pager } from './Pager';

interface ThreadViewProps {
  thread: ThreadState;
  viewerId: string;
  likedIds: readonly string[];
  page: number;
  limit: number;
  href: string;
  /** Shown under the heading, above the messages (the offers between the two: the route's). */
  aside?: ReactNode;
}

function Bubble({ message, mine, liked }: { message: Message; mine: boolean; liked: boolean }) {
  const mark = useLikedMessages((s) => s.mark);
  return (
    <article
      className={`max-w-[85%] rounded-2xl border px-4 py-3 ${mine ? 'ml-auto border-indigo-200 bg-indigo-50' : 'mr-auto border-gray-200 bg-white'}`}
      aria-label={`${mine ? 'You' : message.user.name}, ${formatWhen(message.createdAt)}`}
      data-testid="thread-message"
      data-mine={mine}
    >
      <MessageText text={message.text} className="whitespace-pre-wrap break-words text-gray-900" />
      <MessageImages message={message} />
      <MessageTags tags={message._tags} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700">
        <span>
          {mine ? 'You' : message.user.name} ·{' '}
          <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
          {mine && message.readAt ? ' · Read' : ''}
        </span>
        <LikeButton
          liked={liked}
          count={message.likesCount}
          signedIn
          toggle={() => toggleMessageLike(message._id)}
          onChange={(now) => mark(message._id, now)}
          label={`message by ${mine ? 'you' : message.user.name}`}
          className="btn btn-ghost min-h-9 px-2"
          testId="message-like"
        />
      </div>
    </article>
  );
}

/**
 * One private conversation: the messages oldest to newest (page 1 = the latest), mine on the
 * right; a reply box under them sends the next message without leaving the page.
 */
export function ThreadView({
  thread,
  viewerId,
  likedIds,
  page,
  limit,
  href,
  aside,
}: ThreadViewProps) {
  const liked = useLikedMessageIds(likedIds);
  const [messages, setMessages] = useState(thread.messages);
  const [count, setCount] = useState(thread.recordsCount);
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const fieldId = useId();
  const {
    errors,
    pending: sending,
    recheck,
    send,
  } = useSend({
    fields: ['text'],
    focus: () => document.getElementById(fieldId)?.focus(),
  });
  const error = errors.text;
  useEffect(() => {
    setMessages(thread.messages);
    setCount(thread.recordsCount);
  }, [thread]);

  const back = (
    <Link to="/messages?tab=conversations" className="link" data-testid="back-to-conversations">
      Back to conversations
    </Link>
  );
  if (!thread.user) {
    return (
      <section className="flex flex-col gap-4" data-testid="thread">
        <p role="alert" className="list-empty text-red-800" data-testid="messages-error">
          {thread.error ?? MESSAGES.errorLoadingMessages}
        </p>
        <p>{back}</p>
      </section>
    );
  }
  const other = thread.user;
  const max = SOCIAL_LIMITS.messageMax;

  function reply(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    void send(text, {
      check: (value: string) =>
        checkOf(value.trim() ? {} : { text: 'Write a message first.' }, value.trim()),
      call: (body) => saveMessage({ text: body, _tags: [], recipient: other._id }, []),
      done: (sent) => {
        setText('');
        if (page === 1) setMessages((all) => [...all, sent]);
        setCount((n) => n + 1);
        setStatus(MESSAGES.messageSent);
      },
      failure: MESSAGES.errorSendingMessage,
    });
  }

  return (
    <section aria-labelledby="thread-heading" className="flex flex-col gap-4" data-testid="thread">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="thread-heading" className="text-xl font-semibold text-gray-950">
          Conversation with <bdi>{other.name}</bdi>{' '}
          <span className="font-normal text-gray-700">@{other.username}</span>
        </h2>
        {back}
      </div>
      {aside}
      <Pager
        href={href}
        page={page}
        recordsCount={count}
        limit={limit}
        label="Earlier and later messages"
        previous="Later messages"
        next="Earlier messages"
      />
      {messages.length === 0 ? (
        <p className="list-empty" data-testid="messages-empty">
          No messages with <bdi>{other.name}</bdi> yet — write the first one below.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={`Messages with ${other.name}`}>
          {messages.map((m) => (
            <li key={m._id} className="flex">
              <Bubble message={m} mine={m.user._id === viewerId} liked={liked.has(m._id)} />
            </li>
          ))}
        </ol>
      )}
      <form
        onSubmit={reply}
        noValidate
        className="card flex flex-col gap-3"
        data-testid="reply-form"
      >
        <label htmlFor={fieldId} className="field-label">
          Reply to <bdi>{other.name}</bdi>
        </label>
        <textarea
          id={fieldId}
          name="text"
          className="input min-h-24"
          value={text}
          maxLength={max}
          onChange={(e) => {
            setText(e.target.value);
            void recheck('text', e.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-count${error ? ` ${fieldId}-error` : ''}`}
        />
        <p id={`${fieldId}-count`} className="field-hint">
          {text.length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters. Only you
          and <bdi>{other.name}</bdi> see this conversation.
        </p>
        {error ? (
          <p id={`${fieldId}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            pending={sending}
            pendingLabel="Sending…"
            className="btn btn-primary"
            testId="reply-send"
          >
            Send
          </SubmitButton>
          <p className="text-sm text-gray-700" role="status" data-testid="reply-status">
            {status}
          </p>
        </div>
      </form>
    </section>
  );
}
