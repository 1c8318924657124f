import { data, type MetaDescriptor } from 'react-router';
import type { Product } from '../../../shared/contracts/catalog';
import { truncate } from '../../../shared/format';
import { MESSAGES } from '../../../shared/messages';
import type { ApiClient } from '../../lib/api-client';
import { pageMeta } from '../../lib/meta';
import { getProduct } from './api/catalog-api';

/** A post page's post: a 404 page when there is none this visitor may see. */
export async function loadPost(client: ApiClient, id: string): Promise<Product> {
  const product = await getProduct(client, id);
  if (!product) throw data(MESSAGES.pageNotFound, { status: 404 });
  return product;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Title, description and the first picture for link previews. */
export function postMeta(
  matches: readonly MatchLike[],
  product: Product | undefined,
  suffix = '',
): MetaDescriptor[] {
  if (!product) return pageMeta(matches, `Post${suffix}`);
  const seller = product.user.name || product.user.username;
  const description = product.description.trim()
    ? truncate(product.description.replace(/\s+/g, ' ').trim(), 155)
    : `${product.title} from ${seller}.`;
  const out = pageMeta(matches, `${product.title}${suffix}`, description);
  const image = product.medias.find((m) => m.type === 'image');
  if (image) out.push({ property: 'og:image', content: image.fullsize });
  return out;
}
