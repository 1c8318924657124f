import { Link } from 'react-router';
import type { MessageListState } from '../api/messages-api';
import { useLikedMessageIds } from '../stores/liked-messages-store';
import { MessageCard } from './MessageCard';
import { Pager } from './Pager';

interface MessageFeedProps {
  list: MessageListState;
  likedIds: readonly string[];
  tag: string | null;
  page: number;
  limit: number;
  href: string;
}

/** The public feed: newest first, a tag filter that says what it shows, pages, an empty state. */
export function MessageFeed({ list, likedIds, tag, page, limit, href }: MessageFeedProps) {
  const liked = useLikedMessageIds(likedIds);
  return (
    <section aria-labelledby="feed-heading" data-testid="message-feed">
      <h2 id="feed-heading" className="sr-only">
        Public messages
      </h2>
      {tag ? (
        <p className="mb-4 text-gray-800" data-testid="message-tag-filter">
          Showing messages tagged <strong>#{tag}</strong> —{' '}
          <Link to="/messages" className="link">
            clear<span className="sr-only"> the tag filter</span>
          </Link>
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="list-empty text-red-800" data-testid="messages-error">
          {list.error}
        </p>
      ) : list.messages.length === 0 ? (
        <div className="list-empty" data-testid="messages-empty">
          {tag ? (
            <p>
              No messages tagged #{tag} yet —{' '}
              <Link to="/message" className="link">
                write one
              </Link>{' '}
              or{' '}
              <Link to="/messages" className="link">
                see every message
              </Link>
              .
            </p>
          ) : (
            <p>
              No messages yet —{' '}
              <Link to="/message" className="link">
                write the first one
              </Link>
            </p>
          )}
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.messages.map((m) => (
            <li key={m._id}>
              <MessageCard message={m} liked={liked.has(m._id)} />
            </li>
          ))}
        </ul>
      )}
      <Pager href={href} page={page} recordsCount={list.recordsCount} limit={limit} />
    </section>
  );
}
