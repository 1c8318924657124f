import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Message } from '../../../../shared/contracts/messages';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showConfirm } from '../../../components/ui/modal';
import { deleteMessage, type MessageListState } from '../api/messages-api';
import { useLikedMessageIds } from '../stores/liked-messages-store';
import { MessageCard } from './MessageCard';
import { Pager } from './Pager';

interface MyMessagesProps {
  list: MessageListState;
  likedIds: readonly string[];
  page: number;
  limit: number;
  href: string;
}

/** My public and sent messages, each with edit and delete (confirmed; it leaves the list). */
export function MyMessages({ list, likedIds, page, limit, href }: MyMessagesProps) {
  const liked = useLikedMessageIds(likedIds);
  const [messages, setMessages] = useState<Message[]>(list.messages);
  const [count, setCount] = useState(list.recordsCount);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    setMessages(list.messages);
    setCount(list.recordsCount);
  }, [list]);

  async function remove(message: Message) {
    const okay = await showConfirm(
      MESSAGES.confirmIrreversible,
      undefined,
      MESSAGES.confirmDeleteMessageTitle,
    );
    if (!okay) return;
    setBusy(message._id);
    try {
      await deleteMessage(message._id);
      setMessages((all) => all.filter((m) => m._id !== message._id));
      setCount((n) => Math.max(0, n - 1));
    } catch (err) {
      void notifyError(err, MESSAGES.messageDeleteError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="mine-heading" data-testid="my-messages">
      <h2 id="mine-heading" className="sr-only">
        My messages
      </h2>
      {list.error ? (
        <p role="alert" className="list-empty text-red-800" data-testid="messages-error">
          {list.error}
        </p>
      ) : messages.length === 0 ? (
        <p className="list-empty" data-testid="messages-empty">
          You have not written any messages yet —{' '}
          <Link to="/message" className="link">
            write your first
          </Link>
        </p>
      ) : (
        <>
          <p className="mb-4 text-gray-700" data-testid="my-messages-count">
            {count.toLocaleString('en-US')} {count === 1 ? 'message' : 'messages'}
          </p>
          <ul className="flex flex-col gap-4">
            {messages.map((m) => (
              <li key={m._id}>
                <MessageCard
                  message={m}
                  liked={liked.has(m._id)}
                  actions={
                    <>
                      <Link
                        to={`/message?id=${encodeURIComponent(m._id)}`}
                        className="btn btn-secondary"
                        data-testid="message-edit"
                      >
                        Edit<span className="sr-only"> this message</span>
                      </Link>
                      <button
                        type="button"
                        className="btn btn-danger"
                        disabled={busy === m._id}
                        data-testid="message-delete"
                        onClick={() => void remove(m)}
                      >
                        Delete<span className="sr-only"> this message</span>
                      </button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager href={href} page={page} recordsCount={count} limit={limit} />
    </section>
  );
}
