import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once and shares the module', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const mod = lazyModule(load);
    mod.preload();
    const [a, b] = await Promise.all([mod.get(), mod.get()]);
    expect(a).toBe(b);
    expect(a.answer).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ ok: true });
    const mod = lazyModule(load);
    await expect(mod.get()).rejects.toThrow('chunk failed');
    await expect(mod.get()).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
