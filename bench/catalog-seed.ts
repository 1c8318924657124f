/**
 * Seeds a throwaway PostgreSQL database with sellers and posts for the catalogue bench, in bulk SQL
 * (generate_series), through the app's own migrations. The products table's secondary indexes are
 * dropped for the load and rebuilt after it (several times faster than maintaining nine indexes,
 * two of them GIN, row by row); the search trigger still fills every row's tsvector.
 */
import pg from 'pg';
import { openPostgres } from '../src/server/db/postgres';

const ADJECTIVES = [
  'vintage',
  'leather',
  'wooden',
  'ceramic',
  'handmade',
  'antique',
  'modern',
  'rustic',
  'silver',
  'golden',
  'woollen',
  'linen',
  'cotton',
  'glass',
  'copper',
  'brass',
  'velvet',
  'denim',
  'marble',
  'bamboo',
  'retro',
  'classic',
  'minimal',
  'floral',
  'striped',
  'painted',
  'carved',
  'woven',
  'knitted',
  'embroidered',
  'blue',
  'green',
  'red',
  'black',
  'white',
  'yellow',
  'small',
  'large',
  'tiny',
  'oversized',
];
const NOUNS = [
  'jacket',
  'chair',
  'teapot',
  'lamp',
  'table',
  'vase',
  'bicycle',
  'guitar',
  'camera',
  'watch',
  'necklace',
  'ring',
  'scarf',
  'sweater',
  'boots',
  'sneakers',
  'backpack',
  'wallet',
  'mirror',
  'clock',
  'bowl',
  'plate',
  'mug',
  'rug',
  'cushion',
  'blanket',
  'poster',
  'print',
  'sculpture',
  'candle',
  'keyboard',
  'monitor',
  'headphones',
  'speaker',
  'turntable',
  'record',
  'book',
  'notebook',
  'pen',
  'desk',
  'shelf',
  'stool',
  'bench',
  'basket',
  'hat',
  'cap',
  'dress',
  'shirt',
  'skirt',
  'coat',
  'earrings',
  'bracelet',
  'brooch',
  'teacup',
  'kettle',
  'skillet',
  'knife',
  'cutting board',
  'planter',
  'terrarium',
];
const TAGS = [
  'fashion',
  'home',
  'kitchen',
  'music',
  'art',
  'jewelry',
  'vintage',
  'handmade',
  'furniture',
  'decor',
  'electronics',
  'books',
  'sport',
  'outdoor',
  'kids',
  'garden',
  'ceramics',
  'textiles',
  'lighting',
  'office',
  'gifts',
  'collectibles',
  'photography',
  'accessories',
  'bags',
  'shoes',
  'retro',
  'eco',
  'wood',
  'glass',
];

const sqlArray = (items: string[]) =>
  `array[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export interface SeedResult {
  posts: number;
  sellers: number;
  seconds: number;
}

/** Creates `posts` posts (90 % published, the rest draft, sold or archived, spread by a hash) for `sellers` sellers. */
export async function seedCatalog(url: string, posts: number, sellers = 1000): Promise<SeedResult> {
  const started = Date.now();
  const database = await openPostgres(url); // runs the migrations
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(
      `insert into users (username, name, email, password_hash, activated_at)
       select 'seller' || g, 'Seller ' || g, 'seller' || g || '@bench.test', 'not-a-hash', now()
         from generate_series(1, $1::int) g`,
      [sellers],
    );
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes
        where tablename = 'products' and indexname <> 'products_pkey'`,
    );
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    // Every post: a title of an adjective, a noun and a number; two distinct tags; a price, likes
    // and a creation time spread over about a year; one image (as the upload flow stores it).
    await client.query(
      `with w as (
         select ${sqlArray(ADJECTIVES)} as adj, ${sqlArray(NOUNS)} as noun, ${sqlArray(TAGS)} as tag,
                (select array_agg(id order by username) from users where email like '%@bench.test') as sellers
       )
       insert into products (user_id, title, description, price_minor, shipping_minor, stock, status,
                             tags, medias, likes_count, created_at, updated_at)
       select w.sellers[1 + g % cardinality(w.sellers)],
              initcap(w.adj[1 + g % 40]) || ' ' || w.noun[1 + (g / 40) % 60] || ' ' || (g % 997),
              'A ' || w.adj[1 + (g * 7) % 40] || ' ' || w.noun[1 + (g * 13) % 60]
                || ' in very good condition, from a smoke-free home. Ships in two days. Lot ' || g || '.',
              100 + ((g::bigint * 7919) % 100000)::int, 500, 1 + g % 5,
              case abs(hashint4(g)) % 50 when 0 then 'draft' when 1 then 'draft' when 2 then 'sold'
                   when 3 then 'sold' when 4 then 'archived' else 'published' end,
              array[w.tag[1 + g % 30], w.tag[1 + (g % 30 + 1 + (g / 30) % 29) % 30]],
              jsonb_build_array(jsonb_build_object(
                'id', md5(g::text), 'type', 'image', 'alt', 'Photo of the item',
                'thumbnails', jsonb_build_array(jsonb_build_object('url', '/media/bench/' || g || '-t.webp', 'width', 400)),
                'fullsizes', jsonb_build_array(jsonb_build_object('url', '/media/bench/' || g || '-f.webp', 'width', 1600)),
                'width', 1600, 'height', 1200, 'keys', jsonb_build_array())),
              (g * 31) % 500,
              now() - make_interval(secs => ((g * 31) % 31536000)::double precision),
              now()
         from generate_series(1, $1::int) g, w`,
      [posts],
    );
    for (const { def } of indexes) await client.query(def);
    await client.query(
      `insert into tags (name, published_count)
       select t, count(*) from products, unnest(tags) t where status = 'published' group by t`,
    );
    // As after autovacuum: statistics for the planner, and a visibility map for index-only scans.
    await client.query('vacuum analyze products');
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze tags');
  } finally {
    await client.end();
  }
  return { posts, sellers, seconds: (Date.now() - started) / 1000 };
}

/** The search queries the bench sends: exact words, pairs, common single words and misspellings. */
export const SEARCH_QUERIES = [
  'leather jacket',
  'lether jaket',
  'vintage teapot',
  'ceramic vase',
  'bicycel',
  'handmade necklace',
  'turntable',
  'blue wooden chair',
  'antique clock',
  'skilet',
  'velvet cushion',
  'kitchen',
  'guitar',
  'retro camera',
  'embroidered scarf',
  'copper kettle',
];
