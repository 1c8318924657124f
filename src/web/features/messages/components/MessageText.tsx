import { Link } from 'react-router';
import { useRootData } from '../../../lib/root-data';
import { linkParts } from '../message-link';

/**
 * A message's text, as text (line breaks kept), with this site's own addresses in it — the post,
 * sale or order a Message button wrote in — as links to those pages.
 */
export function MessageText({ text, className }: { text: string; className: string }) {
  const appUrl = useRootData()?.config.appUrl ?? '';
  return (
    <p className={className} data-testid="message-text">
      {linkParts(text, appUrl).map((part, i) =>
        part.path === undefined ? (
          part.text
        ) : (
          <Link key={i} to={part.path} className="link break-all" data-testid="message-text-link">
            {part.text}
          </Link>
        ),
      )}
    </p>
  );
}
