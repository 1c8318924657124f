import { Link } from 'react-router';
import type { Route } from './+types/messages';
import { MESSAGE_PAGE } from '../../shared/contracts/messages';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import {
  loadConversations,
  loadFeed,
  loadLikedMessageIds,
  loadMine,
  loadThread,
  loadUnreadCount,
} from '../features/messages/api/messages-api';
import { ConversationList } from '../features/messages/components/ConversationList';
import { MessageFeed } from '../features/messages/components/MessageFeed';
import {
  MESSAGE_TABS,
  MessagesTabs,
  type MessageTab,
} from '../features/messages/components/MessagesTabs';
import { MyMessages } from '../features/messages/components/MyMessages';
import { ThreadView } from '../features/messages/components/ThreadView';
import { loadOffers } from '../features/offers/api/offers-api';
import { ConversationOffers } from '../features/offers/components/ConversationOffers';
import { putOfferInCart } from '../features/cart/offer-line';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);
const LIMIT = MESSAGE_PAGE.sizeDefault;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pageOf(url: URL): number {
  const n = Number(url.searchParams.get('page') ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= MESSAGE_PAGE.pageMax ? n : 1;
}

/**
 * /messages (signed in): the public feed (`?tag=` filters it), my conversations (`?with=<user id>`
 * opens one and marks it read) and my own messages, as three tabs (`?tab=`), each paged.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guard(args);
  const client = serverApi(args.context);
  const params = args.url.searchParams;
  const asked = params.get('tab') as MessageTab | null;
  const withId = params.get('with');
  const tab: MessageTab = withId
    ? 'conversations'
    : asked && MESSAGE_TABS.includes(asked)
      ? asked
      : 'feed';
  const tag = tab === 'feed' ? params.get('tag')?.trim().slice(0, 60) || null : null;
  const page = pageOf(args.url);
  const query = { page, limit: LIMIT };

  const likedIds = loadLikedMessageIds(client);
  const threadWith = tab === 'conversations' && withId && UUID.test(withId) ? withId : null;
  // The offers between the two, answered from the conversation (docs/decisions/076).
  const offers =
    threadWith && threadWith.toLowerCase() !== user?._id.toLowerCase()
      ? loadOffers(client, threadWith)
      : null;
  const [feed, conversations, thread, mine] = await Promise.all([
    tab === 'feed' ? loadFeed(client, { ...query, ...(tag ? { tag } : {}) }) : null,
    tab === 'conversations' && !withId ? loadConversations(client, query) : null,
    tab === 'conversations' && withId
      ? UUID.test(withId)
        ? loadThread(client, withId, query)
        : { messages: [], recordsCount: 0, user: null, error: 'This member could not be found.' }
      : null,
    tab === 'mine' ? loadMine(client, query) : null,
  ]);
  // Read after the thread: opening it has just marked messages as read.
  const unreadCount = conversations ? conversations.unreadCount : await loadUnreadCount(client);
  return {
    viewerId: user?._id ?? '',
    tab,
    tag: feed?.tagName ?? tag,
    page,
    limit: LIMIT,
    href: args.url.pathname + args.url.search,
    feed,
    conversations,
    thread,
    mine,
    unreadCount,
    likedIds: await likedIds,
    offers: await offers,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Messages',
    'Public messages from members, your private conversations and the messages you wrote.',
  );

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  return (
    <div data-testid="messages-page">
      <PageHeader
        title="Messages"
        description="Short updates from members, and your private conversations."
        actions={
          <Link to="/message" className="btn btn-primary" data-testid="new-message">
            New message
          </Link>
        }
      />
      <MessagesTabs current={d.tab} unreadCount={d.unreadCount} />
      {d.feed ? (
        <MessageFeed
          list={d.feed}
          likedIds={d.likedIds}
          tag={d.tag}
          page={d.page}
          limit={d.limit}
          href={d.href}
        />
      ) : null}
      {d.conversations ? (
        <ConversationList
          list={d.conversations}
          viewerId={d.viewerId}
          page={d.page}
          limit={d.limit}
          href={d.href}
        />
      ) : null}
      {d.thread ? (
        <ThreadView
          key={d.thread.user?._id ?? 'none'}
          thread={d.thread}
          viewerId={d.viewerId}
          likedIds={d.likedIds}
          page={d.page}
          limit={d.limit}
          href={d.href}
          aside={
            d.offers && d.thread.user ? (
              <ConversationOffers
                initial={d.offers}
                withId={d.thread.user._id}
                withName={d.thread.user.name}
                viewerId={d.viewerId}
                currency={currency}
                onAddToCart={putOfferInCart}
              />
            ) : null
          }
        />
      ) : null}
      {d.mine ? (
        <MyMessages
          list={d.mine}
          likedIds={d.likedIds}
          page={d.page}
          limit={d.limit}
          href={d.href}
        />
      ) : null}
    </div>
  );
}
