import { Link } from 'react-router';
import { formatNumber } from '../../../../shared/format';
import { Avatar } from '../../../components/ui/Avatar';
import type { FeaturedSellerView } from '../api/featured';

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The home page's featured sellers: who they are, what they have, a link to their page. */
export function FeaturedSellers({ sellers }: { sellers: FeaturedSellerView[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="featured-sellers">
      {sellers.map((s) => {
        const name = s.name || s.username;
        return (
          <li
            key={s._id}
            data-testid="featured-seller"
            data-username={s.username}
            className="relative flex gap-4 rounded-2xl border border-gray-200 bg-white p-5 hover:border-indigo-300 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-700"
          >
            <Avatar name={name} src={s.avatar} size="lg" />
            <div className="min-w-0">
              <h3 className="font-semibold text-gray-950">
                <Link
                  to={`/${encodeURIComponent(s.username)}`}
                  className="after:absolute after:inset-0 focus-visible:outline-none"
                >
                  {name}
                </Link>
              </h3>
              <p className="truncate text-sm text-gray-700">@{s.username}</p>
              {s.bio && <p className="mt-2 text-sm text-gray-800">{s.bio}</p>}
              <p className="mt-2 text-sm text-gray-700">
                {plural(s.postsCount, 'post', 'posts')} ·{' '}
                {plural(s.followersCount, 'follower', 'followers')}
                {s.recentSalesCount > 0 &&
                  ` · ${plural(s.recentSalesCount, 'sale', 'sales')} in 30 days`}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
