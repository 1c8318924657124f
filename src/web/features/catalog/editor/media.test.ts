import { describe, expect, it, vi } from 'vitest';
import type { Media, Product } from '../../../../shared/contracts/catalog';
import { MEDIA_MAX_BYTES } from '../../../../shared/contracts/catalog-rules';
import { checkMediaFile, formatBytes, MEDIA_ACCEPT } from './media-files';
import { mediaLabel, mergeMedias, moveAnnouncement, moveItem } from './media-list';
import { PREVIEW_STORAGE_KEY, readPreviewDraft, writePreviewDraft } from './preview-draft';
import { uploadMediaFile, type UploadDeps } from './upload';

const media = (id: string, alt = ''): Media => ({
  _id: id,
  type: 'image',
  alt,
  thumbnail: null,
  fullsize: `/media/${id}.webp`,
  srcset: null,
  width: null,
  height: null,
});

describe('checkMediaFile', () => {
  it('takes the kinds the upload URL takes, within their size', () => {
    expect(checkMediaFile({ name: 'a.JPG', type: 'image/jpeg', size: 10 })).toEqual({
      ok: true,
      ext: 'jpg',
      type: 'image',
    });
    expect(checkMediaFile({ name: 'clip.mov', type: 'video/quicktime', size: 10 })).toMatchObject({
      ok: true,
      type: 'video',
    });
    expect(checkMediaFile({ name: 'song', type: 'audio/mpeg', size: 10 })).toMatchObject({
      ok: true,
      ext: 'mp3',
    });
  });

  it('says why a file is refused', () => {
    expect(checkMediaFile({ name: 'a.bmp', type: 'image/bmp', size: 10 })).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a file we can add'),
    });
    expect(checkMediaFile({ name: 'a.png', type: 'video/mp4', size: 10 })).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not one'),
    });
    expect(checkMediaFile({ name: 'a.png', type: 'image/png', size: 0 })).toMatchObject({
      ok: false,
      message: '“a.png” is empty.',
    });
    const big = checkMediaFile({ name: 'a.png', type: '', size: MEDIA_MAX_BYTES.image + 1 });
    expect(big).toMatchObject({ ok: false, message: expect.stringContaining('at most 15 MB') });
  });

  it('builds accept from the extensions and formats sizes', () => {
    expect(MEDIA_ACCEPT.split(',')).toContain('.jpg');
    expect(MEDIA_ACCEPT.split(',')).toContain('.mov');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB');
  });
});

describe('media list', () => {
  it('moves an item, clamped at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, 1)).toEqual(['a', 'b']);
  });

  it('merges the server list into the local order and alt texts', () => {
    const local = [media('b', 'edited'), media('a')];
    const server = [media('a'), media('b'), media('c')];
    expect(mergeMedias(local, server).map((m) => [m._id, m.alt])).toEqual([
      ['b', 'edited'],
      ['a', ''],
      ['c', ''],
    ]);
    expect(mergeMedias(local, [media('a')]).map((m) => m._id)).toEqual(['a']);
  });

  it('names and announces items', () => {
    expect(mediaLabel(media('a'), 1)).toBe('Photo 2');
    expect(mediaLabel(media('a', 'Blue mug from the side'), 0)).toBe('Blue mug from the side');
    expect(moveAnnouncement('Photo 2', 0, 3)).toBe('Photo 2 moved to position 1 of 3.');
  });
});

describe('uploadMediaFile', () => {
  it('decodes the data URL, PUTs it to the signed URL and adds it to the post', async () => {
    const product = { _id: 'p1', medias: [media('m1')] } as unknown as Product;
    const sent: Blob[] = [];
    const deps: UploadDeps = {
      getUploadUrl: vi.fn(async () => ({
        url: '/upload/abc',
        method: 'PUT' as const,
        headers: { 'content-type': 'video/mp4' },
        key: 'k1',
        expiresAt: '2026-01-01T00:00:00Z',
      })),
      putToSignedUrl: vi.fn(async (_t, _id, body: Blob, onProgress: (f: number) => void) => {
        sent.push(body);
        onProgress(0.5);
        onProgress(0.99);
      }),
      addMedia: vi.fn(async () => ({ product })),
    };
    const phases: [string, number][] = [];
    const bytes = Buffer.alloc(1500, 7);
    const result = await uploadMediaFile(
      deps,
      {
        productId: 'p1',
        ext: 'mov',
        dataUrl: `data:video/quicktime;base64,${bytes.toString('base64')}`,
        alt: ' Side ',
      },
      (phase, f) => phases.push([phase, f]),
    );
    expect(result).toBe(product);
    expect(deps.getUploadUrl).toHaveBeenCalledWith('mov', 'p1');
    expect(sent[0]!.type).toBe('video/mp4');
    expect(sent[0]!.size).toBe(1500);
    expect(deps.addMedia).toHaveBeenCalledWith('p1', 'k1', 'Side');
    expect(phases).toEqual([
      ['sending', 0],
      ['sending', 0.5],
      ['sending', 0.99],
      ['processing', 1],
    ]);
  });

  it('does not add the media when the upload fails', async () => {
    const deps: UploadDeps = {
      getUploadUrl: async () => ({
        url: '/u',
        method: 'PUT',
        headers: {},
        key: 'k',
        expiresAt: '',
      }),
      putToSignedUrl: async () => {
        throw new Error('network');
      },
      addMedia: vi.fn(),
    };
    await expect(
      uploadMediaFile(
        deps,
        { productId: 'p', ext: 'png', dataUrl: 'data:image/png;base64,AA==', alt: '' },
        () => {},
      ),
    ).rejects.toThrow('network');
    expect(deps.addMedia).not.toHaveBeenCalled();
  });
});

describe('preview draft', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      items,
    };
  };
  const product = {
    title: 'Lamp',
    price: 3,
    medias: [],
    variations: [],
    _tags: [],
    user: { _id: 'u' },
  } as unknown as Product;

  it('hands the draft over through storage', () => {
    const storage = memory();
    expect(readPreviewDraft(storage)).toBeNull();
    writePreviewDraft(storage, { product, editPath: '/add-edit-item/x', savedAt: 'now' });
    expect(readPreviewDraft(storage)?.product.title).toBe('Lamp');
  });

  it('ignores foreign or broken values and a full storage', () => {
    const storage = memory();
    storage.items.set(PREVIEW_STORAGE_KEY, '{not json');
    expect(readPreviewDraft(storage)).toBeNull();
    storage.items.set(PREVIEW_STORAGE_KEY, JSON.stringify({ product, editPath: 'https://evil' }));
    expect(readPreviewDraft(storage)).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() =>
      writePreviewDraft(full, { product, editPath: '/add-edit-item', savedAt: '' }),
    ).not.toThrow();
  });
});
