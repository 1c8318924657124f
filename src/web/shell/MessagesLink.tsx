import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useViewer } from '../features/accounts/viewer';
import { MessageIcon } from '../components/ui/icons';
import { messagesLabel } from '../features/messages/message-link';

const loadCount = () =>
  import('../features/messages/api/unread-count').then((m) => m.fetchUnreadCount());

/**
 * The header's link to /messages for signed-in members, with the number of unread private
 * messages (GET /messages/unread-count) in a badge. Read after the page has loaded and again after
 * every navigation (opening a conversation reads its messages); the badge sits over the icon, so
 * it moves nothing when it appears.
 */
export function MessagesLink() {
  const viewer = useViewer();
  const location = useLocation();
  const [unread, setUnread] = useState(0);
  const viewerId = viewer?._id ?? null;
  useEffect(() => {
    if (!viewerId) return;
    let live = true;
    loadCount().then(
      (n) => live && setUnread(n),
      () => {
        // a badge is never worth an error: the next navigation tries again
      },
    );
    return () => {
      live = false;
    };
  }, [viewerId, location.key]);
  if (!viewerId) return null;
  return (
    <Link
      to="/messages"
      data-testid="messages-link"
      data-unread={unread}
      aria-label={messagesLabel(unread)}
      className="icon-btn relative"
    >
      <MessageIcon />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="messages-badge"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-indigo-700 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
