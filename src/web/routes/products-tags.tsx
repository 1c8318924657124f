import { Link, useParams } from 'react-router';
import type { Route } from './+types/products-tags';
import { PageHeader } from '../components/ui/page';
import { POPULAR_TAGS, tagPath } from '../lib/navigation';
import { pageMeta } from '../lib/meta';

/** /products/tags/:tag?: posts with a tag, or the list of tags. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    params.tag ? `#${params.tag}` : 'Tags',
    params.tag ? `Posts tagged ${params.tag}.` : undefined,
  );

export default function ProductsByTagPage() {
  const { tag } = useParams();
  return (
    <div data-testid="tag-page" data-tag={tag}>
      <PageHeader
        title={tag ? `#${tag}` : 'Browse by tag'}
        eyebrow={tag ? 'Tag' : undefined}
        description={
          tag
            ? `Posts sellers tagged “${tag}”, newest first.`
            : 'Sellers tag their posts so you can find what you are after. Pick a tag to see its posts.'
        }
      />
      <nav aria-label="Tags">
        <ul className="flex flex-wrap gap-2">
          {POPULAR_TAGS.map((t) => (
            <li key={t}>
              <Link
                to={tagPath(t)}
                aria-current={t === tag ? 'page' : undefined}
                className="inline-block rounded-full border border-gray-300 px-4 py-1.5 font-medium text-gray-800 hover:border-indigo-400 aria-[current=page]:border-indigo-700 aria-[current=page]:bg-indigo-700 aria-[current=page]:text-white"
              >
                #{t}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
