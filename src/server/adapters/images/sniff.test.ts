import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './sniff';

function ftyp(major: string, compatible: string[] = []): Buffer {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((b, i) => box.write(b, 16 + i * 4, 'latin1'));
  return box;
}

const solid = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } });

describe('sniffMediaType', () => {
  it('recognises images produced by a real encoder', async () => {
    expect(sniffMediaType(await solid().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffMediaType(await solid().png().toBuffer())).toBe('image/png');
    expect(sniffMediaType(await solid().gif().toBuffer())).toBe('image/gif');
    expect(sniffMediaType(await solid().webp().toBuffer())).toBe('image/webp');
    expect(sniffMediaType(await solid().avif().toBuffer())).toBe('image/avif');
  });

  it('recognises ISO media brands', () => {
    expect(sniffMediaType(ftyp('avif', ['mif1', 'miaf']))).toBe('image/avif');
    expect(sniffMediaType(ftyp('mif1', ['avif']))).toBe('image/avif');
    expect(sniffMediaType(ftyp('isom', ['iso2', 'avc1', 'mp41']))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('mp42'))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('qt  '))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('heic', ['mif1', 'heic']))).toBeNull();
  });

  it('recognises MP3 by ID3 tag or frame sync, but not AAC', () => {
    expect(sniffMediaType(Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'))).toBe(
      'audio/mpeg',
    );
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
    expect(sniffMediaType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0]))).toBe('audio/mpeg');
    // ADTS AAC sync (layer bits 00)
    expect(sniffMediaType(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0]))).toBeNull();
    // invalid bitrate index 1111
    expect(sniffMediaType(Buffer.from([0xff, 0xfb, 0xf0, 0x64, 0, 0]))).toBeNull();
  });

  it('returns null for anything else, whatever the file is called', () => {
    expect(sniffMediaType(Buffer.from('hello, this is a text file named photo.png'))).toBeNull();
    expect(
      sniffMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toBeNull();
    expect(sniffMediaType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});
