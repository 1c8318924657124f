import { describe, expect, it } from 'vitest';
import {
  DATA_URL_CHUNK_SIZE,
  dataUrlToBlob,
  decodeDataUrl,
  mediaTypeFromDataUrl,
  parseDataUrl,
  uploadMediaType,
} from './data-url';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256);
const toDataUrl = (type: string, data: Uint8Array) =>
  `data:${type};base64,${Buffer.from(data).toString('base64')}`;
const join = (chunks: Uint8Array[]) => Uint8Array.from(chunks.flatMap((c) => [...c]));

describe('uploadMediaType (SPEC §5)', () => {
  it('sends QuickTime as MP4 and every audio type as audio/mpeg', () => {
    expect(uploadMediaType('video/quicktime')).toBe('video/mp4');
    expect(uploadMediaType('Video/QuickTime')).toBe('video/mp4');
    expect(uploadMediaType('audio/mp4')).toBe('audio/mpeg');
    expect(uploadMediaType('audio/x-m4a')).toBe('audio/mpeg');
    expect(uploadMediaType('audio/wav')).toBe('audio/mpeg');
    expect(uploadMediaType('audio/mpeg')).toBe('audio/mpeg');
  });

  it('keeps other types', () => {
    expect(uploadMediaType('image/jpeg')).toBe('image/jpeg');
    expect(uploadMediaType('video/mp4')).toBe('video/mp4');
    expect(uploadMediaType('image/png')).toBe('image/png');
  });
});

describe('mediaTypeFromDataUrl', () => {
  it('reads the type before the parameters', () => {
    expect(mediaTypeFromDataUrl('data:image/png;base64,AAAA')).toBe('image/png');
    expect(mediaTypeFromDataUrl('data:video/quicktime;base64,AAAA')).toBe('video/mp4');
    expect(mediaTypeFromDataUrl('data:audio/ogg;codecs=opus;base64,AAAA')).toBe('audio/mpeg');
  });

  it('is null without a type or for other strings', () => {
    expect(mediaTypeFromDataUrl('data:;base64,AAAA')).toBeNull();
    expect(mediaTypeFromDataUrl('data:,hello')).toBeNull();
    expect(mediaTypeFromDataUrl('https://example.com/a.png')).toBeNull();
    expect(mediaTypeFromDataUrl('data:image/png')).toBeNull();
  });
});

describe('parseDataUrl', () => {
  it('splits type, encoding and payload', () => {
    expect(parseDataUrl('DATA:Image/PNG;BASE64,QUJD')).toEqual({
      mediaType: 'image/png',
      base64: true,
      payload: 'QUJD',
    });
    expect(parseDataUrl('data:text/plain,a%20b')).toEqual({
      mediaType: 'text/plain',
      base64: false,
      payload: 'a%20b',
    });
  });
});

describe('decodeDataUrl', () => {
  it('decodes in 512-byte slices: full ones, then the rest', () => {
    expect(DATA_URL_CHUNK_SIZE).toBe(512);
    const data = bytes(1300);
    const chunks = decodeDataUrl(toDataUrl('image/jpeg', data));
    expect(chunks.map((c) => c.length)).toEqual([512, 512, 276]);
    expect(join(chunks)).toEqual(data);
  });

  it('gives exactly n slices for a multiple of the size, none for no bytes', () => {
    expect(decodeDataUrl(toDataUrl('image/png', bytes(1024))).map((c) => c.length)).toEqual([
      512, 512,
    ]);
    expect(decodeDataUrl('data:image/png;base64,')).toEqual([]);
  });

  it('takes another slice size', () => {
    const chunks = decodeDataUrl(toDataUrl('image/png', bytes(10)), 4);
    expect(chunks.map((c) => c.length)).toEqual([4, 4, 2]);
    expect(() => decodeDataUrl('data:,a', 0)).toThrow(RangeError);
  });

  it('decodes percent-encoded payloads as UTF-8', () => {
    const chunks = decodeDataUrl('data:text/plain,caf%C3%A9');
    expect(new TextDecoder().decode(join(chunks))).toBe('café');
  });

  it('rejects what is not a data URL or not base64', () => {
    expect(() => decodeDataUrl('hello')).toThrow(TypeError);
    expect(() => decodeDataUrl('data:image/png;base64,@@@@')).toThrow('malformed');
  });
});

describe('dataUrlToBlob', () => {
  it('holds every byte, typed for the upload', async () => {
    const data = bytes(2000);
    const blob = dataUrlToBlob(toDataUrl('video/quicktime', data));
    expect(blob.type).toBe('video/mp4');
    expect(blob.size).toBe(2000);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(data);
  });
});
