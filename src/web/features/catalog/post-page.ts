import { data } from 'react-router';
import type { Product } from '../../../shared/contracts/catalog';
import { MESSAGES } from '../../../shared/messages';
import type { ApiClient } from '../../lib/api-client';
import { getProduct, listProducts } from './api/catalog-api';
import { listQueryFromUrl } from './list-query';

/** A post page's post: a 404 page when there is none this visitor may see. */
export async function loadPost(client: ApiClient, id: string): Promise<Product> {
  const product = await getProduct(client, id);
  if (!product) throw data(MESSAGES.pageNotFound, { status: 404 });
  return product;
}

/** A page of published posts as the URL asks for it (sort, ?tag=, ?page=). */
export async function loadListPage(client: ApiClient, url: URL) {
  const query = listQueryFromUrl(url);
  return { list: await listProducts(client, query), query, href: url.pathname + url.search };
}

/** `/products/:id?` and `/items/:id?`: the post when there is an id, else every published post. */
export async function loadPostOrList(client: ApiClient, id: string | undefined, url: URL) {
  if (id) return { kind: 'post' as const, product: await loadPost(client, id) };
  return { kind: 'list' as const, ...(await loadListPage(client, url)) };
}
