import type { Message } from '../../../../shared/contracts/messages';
import { formatDateTime as formatWhen } from '../../../../shared/format';

/**
 * A member's latest public messages, for their public pages (the seller page, /users/:id):
 * server-rendered text only — no script of its own, so it costs those pages no JavaScript beyond
 * this markup. Load the data with `loadUserMessages` (api/messages-api.ts) in the route's loader;
 * render nothing when it answered null.
 */
export function UserMessages({
  messages,
  name,
  heading = 'Latest messages',
}: {
  messages: readonly Message[];
  /** The member's display name (for the section's label). */
  name: string;
  heading?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <section aria-label={`${heading} from ${name}`} className="mt-8" data-testid="user-messages">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {messages.map((m) => (
          <li key={m._id} className="rounded-xl border border-gray-200 bg-white p-4 text-gray-900">
            <p className="whitespace-pre-wrap break-words">{m.text}</p>
            <p className="mt-2 text-sm text-gray-700">
              <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time>
              {m.medias.length
                ? ` · ${m.medias.length} ${m.medias.length === 1 ? 'image' : 'images'}`
                : ''}
              {m._tags.map((t) => ` #${t}`).join('')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
