import { Link } from 'react-router';
import type { Route } from './+types/message';
import { PageHeader } from '../components/ui/page';
import { isUuid } from '../../shared/contracts/common';
import { getPublicProfile } from '../features/accounts/api/accounts-api';
import { guardLoader } from '../features/accounts/guards';
import { aboutLine, aboutPath } from '../features/messages/message-link';
import { loadMyMessage } from '../features/messages/api/messages-api';
import { MessageComposer } from '../features/messages/components/MessageComposer';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/**
 * /message (signed in): write a message. `?to=username` (or a user id: a sale's buyer) starts a
 * private one to that member, `?about=/a/path` of this site starts it with that page's address
 * (the Message buttons, issue 24), `?private=1` starts with "private" chosen, `?id=` edits one of
 * mine.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const params = args.url.searchParams;
  const id = params.get('id');
  const client = serverApi(args.context);
  const to = params.get('to')?.trim().slice(0, 100) || null;
  const about = aboutPath(params.get('about'));
  const [editing, recipient] = await Promise.all([
    id ? loadMyMessage(client, id) : null,
    // A user id is shown as the member's username; one that names nobody is left to the server.
    to && isUuid(to)
      ? getPublicProfile(client, to).then(
          (u) => u.username,
          () => to,
        )
      : to,
  ]);
  return {
    to: recipient,
    intro: about ? aboutLine(args.context.config.appUrl || args.url.origin, about) : '',
    privateFirst: params.get('private') === '1',
    editing: editing?.message ?? null,
    editError: editing?.error ?? null,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches,
    data?.editing ? 'Edit message' : 'New message',
    'Write a public message for your page and the messages feed, or a private one to another member.',
  );

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  const { editing, editError, to, intro, privateFirst } = loaderData;
  return (
    <div data-testid="message-page" className="mx-auto max-w-3xl">
      <PageHeader
        title={editing ? 'Edit message' : 'New message'}
        description={
          editing
            ? 'Change the text, tags or images. Who the message is for stays the same.'
            : 'Share a short update with everyone, or write privately to one member.'
        }
        actions={
          <Link to="/messages" className="btn btn-secondary">
            All messages
          </Link>
        }
      />
      {editError ? (
        <div role="alert" className="list-empty text-red-800" data-testid="message-edit-error">
          <p>{editError}</p>
          <p className="mt-3">
            <Link to="/messages?tab=mine" className="link">
              See your messages
            </Link>{' '}
            or{' '}
            <Link to="/message" className="link">
              write a new one
            </Link>
            .
          </p>
        </div>
      ) : (
        <MessageComposer
          key={editing?._id ?? `new-${to ?? ''}`}
          editing={editing}
          to={to}
          intro={intro}
          privateFirst={privateFirst}
        />
      )}
    </div>
  );
}
