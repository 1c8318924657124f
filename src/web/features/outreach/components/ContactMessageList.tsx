import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { ContactMessage } from '../../../../shared/contracts/outreach';
import { CONTACT_TOPIC_LABELS } from '../../../../shared/contracts/outreach-rules';
import { formatDateTime } from '../../../../shared/format';

const replyHref = (m: ContactMessage) =>
  `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;

/**
 * Contact messages for admins: who wrote (and their account, when signed in), about what, the
 * message as text (line breaks kept), a mailto reply with the subject, and handled / new again —
 * small forms posted to the page's action, so they work without JavaScript too.
 */
export function ContactMessageList({
  messages,
  empty,
  pendingId,
}: {
  messages: ContactMessage[];
  empty: ReactNode;
  /** The message whose change is being saved (its button says so). */
  pendingId: string | null;
}) {
  if (messages.length === 0)
    return (
      <div
        className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700"
        data-testid="contact-messages-empty"
      >
        {empty}
      </div>
    );
  return (
    <ul className="space-y-4" data-testid="contact-messages">
      {messages.map((m) => {
        const handled = m.status === 'handled';
        return (
          <li key={m._id} className="card" data-testid="contact-message">
            <article aria-labelledby={`contact-message-${m._id}`}>
              <header className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`contact-message-${m._id}`} className="text-lg font-semibold text-gray-950">
                  {m.subject}
                </h2>
                <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-sm text-gray-800">
                  {CONTACT_TOPIC_LABELS[m.topic]}
                </span>
              </header>
              <p className="mt-1 text-sm text-gray-700">
                From <bdi>{m.name}</bdi> &lt;{m.email}&gt;
                {m.sender ? ` (signed in as @${m.sender.username})` : ''} ·{' '}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="mt-3 whitespace-pre-wrap break-words text-gray-900">{m.message}</p>
              {handled && m.handledAt ? (
                <p className="mt-3 text-sm text-gray-700">
                  Handled
                  {m.handledBy ? (
                    <>
                      {' '}
                      by <bdi>{m.handledBy.name}</bdi>
                    </>
                  ) : (
                    ''
                  )}{' '}
                  on <time dateTime={m.handledAt}>{formatDateTime(m.handledAt)}</time>
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-2">
                <a href={replyHref(m)} className="btn btn-secondary" data-testid="contact-reply">
                  Reply by email
                </a>
                <Form method="post">
                  <input type="hidden" name="id" value={m._id} />
                  <input type="hidden" name="status" value={handled ? 'new' : 'handled'} />
                  <button
                    type="submit"
                    className={handled ? 'btn btn-ghost' : 'btn btn-primary'}
                    disabled={pendingId === m._id}
                    data-testid="contact-toggle-handled"
                  >
                    {pendingId === m._id ? 'Saving…' : handled ? 'Mark as new' : 'Mark handled'}
                  </button>
                </Form>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
