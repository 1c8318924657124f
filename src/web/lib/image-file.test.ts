import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, checkImageFile } from './image-file';

describe('checkImageFile', () => {
  it('accepts images up to 10 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1234 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: IMAGE_MAX_BYTES })).toBeNull();
  });
  it('refuses other types, empty files and larger images with a clear message', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toMatch(/Choose an image file/);
    expect(checkImageFile({ type: '', size: 10 })).toMatch(/Choose an image file/);
    expect(checkImageFile({ type: 'image/png', size: 0 })).toMatch(/empty/);
    expect(checkImageFile({ type: 'image/jpeg', size: 12.5 * 1024 * 1024 })).toBe(
      'This image is 12.5 MB. Images must be 10 MB or smaller.',
    );
  });
});
