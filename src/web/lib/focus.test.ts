import { describe, expect, it } from 'vitest';
import { scrollLeftToReveal } from './focus';

describe('scrollLeftToReveal', () => {
  const strip = { left: 0, right: 400 };

  it('leaves a tag that is already whole where it is', () => {
    expect(scrollLeftToReveal(strip, { left: 20, right: 80 }, 0, 6)).toBe(0);
    expect(scrollLeftToReveal(strip, { left: 330, right: 394 }, 50, 6)).toBe(50);
  });

  it('scrolls forward just enough for a tag cut off at the end, outline included', () => {
    expect(scrollLeftToReveal(strip, { left: 378, right: 466 }, 0, 6)).toBe(72);
    expect(scrollLeftToReveal(strip, { left: 378, right: 466 }, 10)).toBe(76);
  });

  it('scrolls back for a tag cut off at the start, never before 0', () => {
    expect(scrollLeftToReveal(strip, { left: -28, right: 49 }, 202, 6)).toBe(168);
    expect(scrollLeftToReveal(strip, { left: -28, right: 49 }, 20, 6)).toBe(0);
  });

  it('shows the start of a tag wider than the strip', () => {
    expect(scrollLeftToReveal(strip, { left: 100, right: 600 }, 0, 6)).toBe(94);
  });
});
