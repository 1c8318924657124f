import { Link } from 'react-router';

// The "Message" buttons of seller pages, posts, profiles, orders and sales (issue 24): plain links
// to the composer, `/message?to=<member>&about=<a page of this site>` (routes/message.tsx).

/** The composer, private to `to` (a username, or a user id), optionally about a page here. */
export function messageHref(to: string, about?: string): string {
  const query = new URLSearchParams({ to });
  if (about) query.set('about', about);
  return `/message?${query.toString()}`;
}

/**
 * "Message" (issue 24): a plain link to the composer, private to `to`, about the page `about`.
 * The same markup for everyone, so a shared page stays impersonal; signed out, the composer's
 * guard asks them to log in first and brings them back.
 */
export function MessageLink({
  to,
  about,
  name,
  label = 'Message',
  className = 'btn btn-secondary',
  testId = 'message-link',
}: {
  /** The member's username (or user id). */
  to: string;
  /** A path of this site the message is about (a post, a sale, an order). */
  about?: string;
  /** Whom it goes to, for screen readers: "Message Maya Chen". */
  name: string;
  label?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <Link
      to={messageHref(to, about)}
      className={className}
      data-testid={testId}
      aria-label={`${label} ${name}`}
    >
      {label}
    </Link>
  );
}
