import type { MetaDescriptor } from 'react-router';
import type { Product } from '../../../../shared/contracts/catalog';
import { truncate } from '../../../../shared/format';
import { pageMeta } from '../../../lib/meta';

// Kept apart from the loaders' code (./post-page): `meta` also runs in the browser.

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
