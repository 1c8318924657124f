import { data } from 'react-router';
import { catalogApi } from '../../../../shared/api/catalog';
import type { Product, ProductInput, UploadUrl } from '../../../../shared/contracts/catalog';
import type { UploadExtension } from '../../../../shared/contracts/catalog-rules';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import { ApiError, toApiError, type ApiClient } from '../../../lib/api-client';
import { createXhrUpload } from '../../../lib/xhr-upload';

// The editor's calls (SPEC §7 Products and the signed upload URL), each naming its endpoint of
// the shared catalogue; the one exception is the upload itself, a PUT to the signed URL.

export const saveProduct = (body: ProductInput) => api.call(catalogApi.saveProduct, { body });

export const deleteProduct = (id: string) => api.call(catalogApi.deleteProduct, { query: { id } });

export const deleteMedia = (productId: string, mediaId: string) =>
  api.call(catalogApi.deleteProductMedia, { query: { productId, mediaId } });

export const addMedia = (productId: string, key: string, alt: string) =>
  api.call(catalogApi.addProductMedia, { body: { productId, key, alt } });

/** GET /get-s3-upload-url/{ext}?cb&productId: a signed, expiring URL for one file. */
export const getUploadUrl = (ext: UploadExtension, productId: string) =>
  api.call(catalogApi.uploadUrl, {
    params: { ext },
    query: { productId, cb: Date.now().toString(36) },
  });

const xhrPut = createXhrUpload();

/**
 * PUTs the bytes to the signed URL with exactly the headers it was signed with, plus the
 * `x-amz-meta-productid` metadata header (SPEC §7) when the signer did not already include it.
 * Progress 0…1 as the bytes leave.
 */
export async function putToSignedUrl(
  target: UploadUrl,
  productId: string,
  body: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const headers: Record<string, string> = { ...target.headers };
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'x-amz-meta-productid'))
    headers['x-amz-meta-productid'] = productId;
  const res = await xhrPut(target.url, { method: target.method, headers, body }, onProgress);
  if (!res.ok) throw await toApiError(res, MESSAGES.postSaveError);
}

// ---- server side (the editor's loader) ----

/**
 * The post to edit: GET /products/mine?id= (one's own, any status); an admin editing someone
 * else's post gets it from GET /products/:id, which shows admins every status. 404 → the error
 * page's "not found"; 403 → access denied.
 */
export async function loadPostForEditing(
  client: ApiClient,
  id: string,
  isAdmin: boolean,
): Promise<Product> {
  try {
    const { products } = await client.call(catalogApi.myProducts, { query: { id } });
    const mine = products[0];
    if (mine) return mine;
    if (!isAdmin) throw new ApiError(404, 'This post does not exist, or it is not yours.');
    const { product } = await client.call(catalogApi.product, { params: { id } });
    return product;
  } catch (err) {
    if (err instanceof ApiError && [400, 403, 404].includes(err.status))
      throw data(
        err.status === 403 ? 'You can only edit your own posts.' : 'This post could not be found.',
        { status: err.status === 400 ? 404 : err.status },
      );
    throw data(MESSAGES.errorLoadingYourPosts, { status: 500 });
  }
}
