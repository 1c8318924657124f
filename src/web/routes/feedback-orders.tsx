import { Link } from 'react-router';
import type { Route } from './+types/feedback-orders';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageFrom } from '../features/comments/api/comments-api';
import { Pagination } from '../features/catalog/browse/Pagination';
import {
  FEEDBACK_PER_PAGE,
  loadFeedbackList,
  loadOrderFeedback,
} from '../features/feedback/api/feedback-loaders';
import { FeedbackList } from '../features/feedback/components/FeedbackList';
import { OrderFeedback } from '../features/feedback/components/OrderFeedback';
import { formatDay } from '../features/feedback/feedback-view';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/**
 * /feedback/orders/:id? (signed in). With an order id: each seller's part of my order, with a
 * rating form for the shipped parts I have not rated yet. Without: the feedback I have written.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guard(args);
  const client = serverApi(args.context);
  const { id } = args.params;
  if (id) return { kind: 'order' as const, ...(await loadOrderFeedback(client, id)) };
  const page = pageFrom(args.url, 'page');
  return {
    kind: 'mine' as const,
    list: await loadFeedbackList(client, { authorId: user!._id, type: 'order' }, page),
    href: args.url.pathname + args.url.search,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Order feedback', 'Rate the sellers of your orders once they ship.');

const purchasesLink = (
  <Link to="/orders" className="btn btn-secondary">
    Purchases
  </Link>
);

export default function OrderFeedbackPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'order') {
    const { order, given, error } = loaderData;
    return (
      <div data-testid="order-feedback-page">
        <PageHeader
          title="Order feedback"
          eyebrow={order ? `Ordered ${formatDay(order.createdAt)}` : undefined}
          description="How did this order go? Rate each seller once their part has shipped: the item, the packaging and the delivery. Everyone can read your feedback."
          actions={purchasesLink}
        />
        {order ? (
          <OrderFeedback order={order} given={given} />
        ) : (
          <p role="alert" className="list-empty" data-testid="order-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  const { list, href } = loaderData;
  return (
    <div data-testid="order-feedback-page">
      <PageHeader
        title="Your feedback"
        description="The ratings you left for sellers. To rate an order that has shipped, open it from your purchases."
        actions={purchasesLink}
      />
      <FeedbackList
        list={list}
        label="Feedback you wrote"
        showSeller
        empty={
          <p>
            You have not rated a seller yet. Once an order has shipped, open it from{' '}
            <Link to="/orders" className="link">
              your purchases
            </Link>{' '}
            to leave feedback.
          </p>
        }
      />
      <Pagination
        url={href}
        page={list.page}
        recordsCount={list.recordsCount}
        limit={FEEDBACK_PER_PAGE}
      />
    </div>
  );
}
