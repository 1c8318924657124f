import { dataUrlToBlob } from '../../../../shared/data-url';
import type { Product, UploadUrl } from '../../../../shared/contracts/catalog';
import type { UploadExtension } from '../../../../shared/contracts/catalog-rules';

/** What one upload needs from the outside (the real calls in editor-api.ts; stand-ins in tests). */
export interface UploadDeps {
  getUploadUrl: (ext: UploadExtension, productId: string) => Promise<UploadUrl>;
  putToSignedUrl: (
    target: UploadUrl,
    productId: string,
    body: Blob,
    onProgress: (fraction: number) => void,
  ) => Promise<void>;
  addMedia: (productId: string, key: string, alt: string) => Promise<{ product: Product }>;
}

export type UploadPhase = 'sending' | 'processing';

/**
 * One chosen file into a post's media: its data URL decoded in 512-byte slices into a Blob typed
 * by SPEC §5's rule (QuickTime → MP4, audio → MPEG), a signed URL asked for, the bytes PUT there
 * with progress, then PUT /products/media turns the stored object into a media item (the server
 * checks the bytes and makes the image sizes). Resolves with the post as saved.
 */
export async function uploadMediaFile(
  deps: UploadDeps,
  job: { productId: string; ext: UploadExtension; dataUrl: string; alt: string },
  report: (phase: UploadPhase, fraction: number) => void,
): Promise<Product> {
  const body = dataUrlToBlob(job.dataUrl);
  report('sending', 0);
  const target = await deps.getUploadUrl(job.ext, job.productId);
  await deps.putToSignedUrl(target, job.productId, body, (f) => report('sending', f));
  report('processing', 1);
  const { product } = await deps.addMedia(job.productId, target.key, job.alt.trim());
  return product;
}
