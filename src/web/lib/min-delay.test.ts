import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remainingDisplayMs, withMinimumDelay } from './min-delay';

describe('remainingDisplayMs', () => {
  it('keeps something shown for the minimum time', () => {
    expect(remainingDisplayMs(1000, 1000, 200)).toBe(200);
    expect(remainingDisplayMs(1000, 1150, 200)).toBe(50);
    expect(remainingDisplayMs(1000, 1200, 200)).toBe(0);
    expect(remainingDisplayMs(1000, 5000, 200)).toBe(0);
  });
  it('never exceeds the minimum (clock moved backwards)', () => {
    expect(remainingDisplayMs(1000, 900, 200)).toBe(200);
  });
  it('defaults to the SPEC minimum fetch delay of 200 ms', () => {
    expect(remainingDisplayMs(0, 0)).toBe(200);
  });
});

describe('withMinimumDelay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the value, not before the minimum delay', async () => {
    let settled = false;
    const p = withMinimumDelay(Promise.resolve('done'), 200).then((v) => {
      settled = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe('done');
  });

  it('waits for a slow promise beyond the minimum', async () => {
    let resolve!: (v: number) => void;
    const slow = new Promise<number>((r) => (resolve = r));
    let value: number | undefined;
    void withMinimumDelay(slow, 200).then((v) => (value = v));
    await vi.advanceTimersByTimeAsync(500);
    expect(value).toBeUndefined();
    resolve(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(value).toBe(7);
  });

  it('delays rejections as well', async () => {
    let error: unknown;
    void withMinimumDelay(Promise.reject(new Error('boom')), 200).catch((e) => (error = e));
    await vi.advanceTimersByTimeAsync(100);
    expect(error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect((error as Error).message).toBe('boom');
  });

  it('accepts plain values', async () => {
    const p = withMinimumDelay(3, 10);
    await vi.advanceTimersByTimeAsync(10);
    await expect(p).resolves.toBe(3);
  });
});
