import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from '../../factories/accounts';
import type { TestApp } from '../../helpers/app';

export interface Target {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  key: string;
  expiresAt: string;
}

/** A landscape JPEG that a camera held upright saved with EXIF orientation 6 (rotate 90°). */
export function rotatedJpeg(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#1d4ed8"/></svg>`,
        ),
      },
    ])
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

export const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** The smallest ISO-BMFF header an MP4 starts with (`ftyp isom`), plus filler. */
export const mp4Bytes = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
    Buffer.alloc(64, 1),
  ]);

export async function uploadUrl(
  t: TestApp,
  token: string,
  productId: string,
  ext = 'jpg',
): Promise<LightMyRequestResponse> {
  return inject(t, {
    method: 'GET',
    url: `/api/v1/get-s3-upload-url/${ext}?cb=${Date.now()}&productId=${productId}`,
    headers: { 'x-access-token': token },
  });
}

/** PUTs bytes to a signed target the way the browser does (its headers, then the body). */
export function putUpload(
  t: TestApp,
  target: Pick<Target, 'url' | 'headers'>,
  body: Buffer,
  headers: Record<string, string> = target.headers,
): Promise<LightMyRequestResponse> {
  return inject(t, { method: 'PUT', url: target.url, headers, payload: body });
}

export function addMedia(
  t: TestApp,
  token: string,
  payload: { productId: string; key: string; alt?: string },
): Promise<LightMyRequestResponse> {
  return inject(t, {
    method: 'PUT',
    url: '/api/v1/products/media',
    headers: { 'x-access-token': token },
    payload,
  });
}

/** Upload URL, PUT, then PUT /products/media: the editor's whole flow for one file. */
export async function uploadMedia(
  t: TestApp,
  token: string,
  productId: string,
  body: Buffer,
  ext = 'jpg',
  alt = '',
): Promise<{ target: Target; res: LightMyRequestResponse }> {
  const target = (await uploadUrl(t, token, productId, ext)).json() as Target;
  const put = await putUpload(t, target, body);
  if (put.statusCode !== 201) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  return { target, res: await addMedia(t, token, { productId, key: target.key, alt }) };
}

/** The local path of a public media URL (`/media/<key>` → `<key>`). */
export const keyOfUrl = (url: string) => url.replace(/^\/media\//, '');
