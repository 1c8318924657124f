import { Link, useParams } from 'react-router';
import type { Route } from './+types/items';
import { LinkCards, PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /items/:id?: one post with its media, price, seller, likes and comments. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, params.id ? 'Post' : 'Posts');

export default function ItemPage() {
  const { id } = useParams();
  return (
    <div data-testid="item-page" data-item-id={id}>
      <PageHeader
        title={id ? 'Post' : 'Posts'}
        description={
          id
            ? 'Photos and video, the price and shipping, the seller and what other buyers say. Add it to your cart, like it or leave a comment.'
            : 'Every post has its own page here. Browse the marketplace to find one.'
        }
        actions={
          <Link to="/all-posts" className="btn btn-secondary">
            All posts
          </Link>
        }
      />
      {!id && (
        <LinkCards
          links={[
            {
              to: '/all-posts',
              title: 'All posts',
              description: 'The newest posts from every seller.',
            },
            {
              to: '/marketplace',
              title: 'Marketplace',
              description: 'Browse by category and tag.',
            },
          ]}
        />
      )}
    </div>
  );
}
