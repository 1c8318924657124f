import { Link } from 'react-router';
import { truncate } from '../../../../shared/format';
import { Avatar } from '../../../components/ui/Avatar';
import type { ConversationsState } from '../api/messages-api';
import { formatDateTime as formatWhen } from '../../../../shared/format';
import { Pager } from './Pager';

export const threadHref = (userId: string) =>
  `/messages?tab=conversations&with=${encodeURIComponent(userId)}`;

interface ConversationListProps {
  list: ConversationsState;
  viewerId: string;
  page: number;
  limit: number;
  href: string;
}

/** My private conversations, the latest first, each with its unread count. */
export function ConversationList({ list, viewerId, page, limit, href }: ConversationListProps) {
  return (
    <section aria-labelledby="conversations-heading" data-testid="conversations">
      <h2 id="conversations-heading" className="sr-only">
        Conversations
      </h2>
      {list.error ? (
        <p role="alert" className="list-empty text-red-800" data-testid="messages-error">
          {list.error}
        </p>
      ) : list.conversations.length === 0 ? (
        <p className="list-empty" data-testid="messages-empty">
          No conversations yet —{' '}
          <Link to="/message?private=1" className="link">
            send someone a private message
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.conversations.map((c) => {
            const fromMe = c.lastMessage.user._id === viewerId;
            return (
              <li key={c.user._id}>
                <Link
                  to={threadHref(c.user._id)}
                  className={`card flex items-start gap-3 hover:border-indigo-300 ${c.unreadCount ? 'border-indigo-400' : ''}`}
                  data-testid="conversation"
                  data-user-id={c.user._id}
                >
                  <Avatar name={c.user.name} src={c.user.image?.thumbnail} />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold text-gray-950">
                        <bdi>{c.user.name}</bdi>{' '}
                        <span className="font-normal text-gray-700">@{c.user.username}</span>
                      </span>
                      <time className="text-sm text-gray-700" dateTime={c.lastMessage.createdAt}>
                        {formatWhen(c.lastMessage.createdAt)}
                      </time>
                    </span>
                    <span className="mt-1 block break-words text-gray-800">
                      {fromMe ? 'You: ' : ''}
                      {truncate(c.lastMessage.text)}
                    </span>
                  </span>
                  {c.unreadCount > 0 ? (
                    <span
                      className="shrink-0 rounded-full bg-indigo-700 px-2.5 py-0.5 text-sm font-semibold text-white"
                      data-testid="conversation-unread"
                    >
                      {c.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        href={href}
        page={page}
        recordsCount={list.recordsCount}
        limit={limit}
        label="Conversation pages"
      />
    </section>
  );
}
