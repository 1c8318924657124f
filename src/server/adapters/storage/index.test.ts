import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStorage } from './index';

describe('createStorage', () => {
  it('uses local disk under DATA_DIR/media when no bucket is configured', () => {
    const storage = createStorage({
      dataDir: '/tmp/data-x',
      secret: 's',
      s3: { region: 'us-east-1' },
    });
    expect(storage.name).toBe('local');
    if (storage.name !== 'local') throw new Error('unreachable');
    expect(storage.dir).toBe(path.resolve('/tmp/data-x/media'));
    expect(storage.publicUrl('a/b.webp')).toBe('/media/a/b.webp');
  });

  it('uses S3 when a bucket is configured', () => {
    const storage = createStorage({
      dataDir: '/tmp/data-x',
      secret: 's',
      s3: { bucket: 'shop', region: 'eu-west-1', publicBaseUrl: 'https://cdn.example' },
    });
    expect(storage.name).toBe('s3');
    expect(storage.publicUrl('a/b.webp')).toBe('https://cdn.example/a/b.webp');
  });
});
