import { data } from 'react-router';
import type { Product } from '../../../shared/contracts/catalog';
import { MESSAGES } from '../../../shared/messages';
import type { ApiClient } from '../../lib/api-client';
import { getProduct } from './api/catalog-api';

/** A post page's post: a 404 page when there is none this visitor may see. */
export async function loadPost(client: ApiClient, id: string): Promise<Product> {
  const product = await getProduct(client, id);
  if (!product) throw data(MESSAGES.pageNotFound, { status: 404 });
  return product;
}
