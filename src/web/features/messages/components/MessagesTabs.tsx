import { PillNav } from '../../../components/ui/PillNav';

export const MESSAGE_TABS = ['feed', 'conversations', 'mine'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];

const LABELS: Record<MessageTab, string> = {
  feed: 'Feed',
  conversations: 'Conversations',
  mine: 'Mine',
};

export const tabHref = (tab: MessageTab) => (tab === 'feed' ? '/messages' : `/messages?tab=${tab}`);

/**
 * The three views of /messages as links (they work without JavaScript; the current one has
 * aria-current), the conversations one with my unread count.
 */
export function MessagesTabs({
  current,
  unreadCount,
}: {
  current: MessageTab;
  unreadCount: number;
}) {
  return (
    <PillNav
      label="Messages"
      testId="messages-tabs"
      items={MESSAGE_TABS.map((tab) => ({
        to: tabHref(tab),
        current: tab === current,
        testId: `messages-tab-${tab}`,
        label: (
          <>
            {LABELS[tab]}
            {tab === 'conversations' && unreadCount > 0 ? (
              <span
                className="rounded-full bg-red-700 px-2 text-sm font-semibold text-white"
                data-testid="messages-unread-badge"
              >
                {unreadCount.toLocaleString('en-US')}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </>
        ),
      }))}
    />
  );
}
