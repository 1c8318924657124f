import { Link } from 'react-router';
import type { Route } from './+types/products-tags';
import { PageHeader } from '../components/ui/page';
import { listProductsByTag, listTags } from '../features/catalog/api/catalog-api';
import { PostList } from '../features/catalog/browse/PostList';
import { TagLinks } from '../features/catalog/browse/TagLinks';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /products/tags/:tag?: every tag with its count, or the posts with one tag. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  if (!params.tag) return { kind: 'tags' as const, tags: await listTags(client) };
  const query = listQueryFromUrl(url);
  const list = await listProductsByTag(client, params.tag, query);
  return {
    kind: 'tag' as const,
    tag: list.tagName ?? params.tag,
    list,
    query,
    href: url.pathname + url.search,
  };
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    params.tag ? `#${params.tag}` : 'Tags',
    params.tag
      ? `Posts tagged ${params.tag}.`
      : 'Every tag sellers use, with how many posts carry it.',
  );

export default function ProductsByTagPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'tags') {
    const tags = loaderData.tags;
    return (
      <div data-testid="tag-page">
        <PageHeader
          title="Browse by tag"
          description="Sellers tag their posts so you can find what you are after. Pick a tag to see its posts."
        />
        {tags.length > 0 ? (
          <TagLinks tags={tags} />
        ) : (
          <p className="text-gray-700" data-testid="list-empty">
            No tags yet.{' '}
            <Link to="/all-posts" className="link">
              See all posts
            </Link>
            .
          </p>
        )}
      </div>
    );
  }
  const { tag, list, query, href } = loaderData;
  return (
    <div data-testid="tag-page" data-tag={tag}>
      <PageHeader
        title={`#${tag}`}
        eyebrow="Tag"
        description={`Posts sellers tagged “${tag}”.`}
        actions={
          <Link to="/products/tags" className="btn btn-secondary">
            All tags
          </Link>
        }
      />
      <PostList
        list={list}
        query={query}
        href={href}
        label={`Posts tagged ${tag}`}
        empty={
          <p>
            No posts carry #{tag} yet.{' '}
            <Link to="/products/tags" className="link">
              Pick another tag
            </Link>{' '}
            or{' '}
            <Link to="/all-posts" className="link">
              see all posts
            </Link>
            .
          </p>
        }
      />
    </div>
  );
}
