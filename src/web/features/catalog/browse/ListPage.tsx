import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { PostList } from './PostList';

type ListData = Pick<Parameters<typeof PostList>[0], 'list' | 'query' | 'href'>;

/**
 * A page that is one list of published posts (/all-posts, /products, /items): a header with one
 * link out, the grid with sort and pages, and an empty state that says what to do next.
 */
export function ListPage({
  data,
  testId,
  title,
  description,
  action,
  emptyText,
}: {
  data: ListData;
  testId: string;
  title: string;
  description: string;
  action: { to: string; label: string };
  emptyText: string;
}) {
  const { list, query, href } = data;
  const empty: ReactNode = (
    <>
      <p className="font-semibold">{emptyText}</p>
      <p className="mt-2">
        {query.tag ? (
          <Link to={href.split('?')[0] ?? '/all-posts'} className="link">
            See posts with any tag
          </Link>
        ) : (
          <>
            Be the first:{' '}
            <Link to="/add-edit-item" className="link">
              create a post
            </Link>
            .
          </>
        )}
      </p>
    </>
  );
  return (
    <div data-testid={testId}>
      <PageHeader
        title={title}
        eyebrow={query.tag ? `Tagged #${query.tag}` : undefined}
        description={description}
        actions={
          <Link to={action.to} className="btn btn-secondary">
            {action.label}
          </Link>
        }
      />
      <PostList
        list={list}
        query={query}
        href={href}
        keep={{ tag: query.tag }}
        label={title}
        empty={empty}
      />
    </div>
  );
}
