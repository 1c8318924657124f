import type { MetaDescriptor } from 'react-router';
import type { Product } from '../../../shared/contracts/catalog';
import type { PublicSite } from '../../../shared/contracts/sites';
import { postMeta } from '../../features/catalog/components/post-meta';
import { postPath } from '../../../shared/post-path';
import type { MetaSource } from '../../lib/meta';

/**
 * A post's meta on its seller's site, built by the loaders (server only): canonical at
 * `/{seller}/{slug}-{shortId}` whichever of the site's URLs shows it, the site's name in the title.
 */
export function sitePostMeta(
  source: MetaSource,
  site: PublicSite,
  product: Product,
  noindex = false,
): MetaDescriptor[] {
  return postMeta(source, product, {
    path: postPath(site.owner.username, product),
    suffix: ` · ${site.name}`,
    siteName: site.name,
    noindex,
  });
}
