import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchLikedIds = vi.fn();
vi.mock('../api/social-calls', () => ({ fetchLikedIds: () => fetchLikedIds() }));

const { ensureLikedIds, isLiked, resetLikedIds, setLiked, useLikedStore } =
  await import('./liked-store');

/** A promise settled from outside (the answer of a call still in flight). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  resetLikedIds();
  fetchLikedIds.mockReset();
});

describe('the liked-ids store', () => {
  it('loads once, however many buttons ask', async () => {
    fetchLikedIds.mockResolvedValue({ productIds: ['p1', 'p2'], userIds: ['u1'] });
    await Promise.all([ensureLikedIds(), ensureLikedIds(), ensureLikedIds()]);
    await ensureLikedIds();
    expect(fetchLikedIds).toHaveBeenCalledTimes(1);
    expect(useLikedStore.getState().status).toBe('ready');
    expect(isLiked('product', 'p2')).toBe(true);
    expect(isLiked('user', 'u1')).toBe(true);
    expect(isLiked('user', 'p1')).toBe(false);
  });

  it('adds and removes ids (a guess, an answer, a rollback)', () => {
    setLiked('product', 'p1', true);
    expect(isLiked('product', 'p1')).toBe(true);
    const before = useLikedStore.getState();
    setLiked('product', 'p1', true);
    // Nothing changed: the same state, so subscribers do not re-render.
    expect(useLikedStore.getState()).toBe(before);
    setLiked('product', 'p1', false);
    expect(isLiked('product', 'p1')).toBe(false);
  });

  it('keeps likes and unlikes made while the lists load over the older answer', async () => {
    const answer = deferred<{ productIds: string[]; userIds: string[] }>();
    fetchLikedIds.mockReturnValue(answer.promise);
    const loading = ensureLikedIds();
    setLiked('product', 'new-like', true);
    setLiked('product', 'taken-back', false);
    answer.resolve({ productIds: ['taken-back', 'old'], userIds: [] });
    await loading;
    expect([...useLikedStore.getState().productIds].sort()).toEqual(['new-like', 'old']);
  });

  it('stays empty when loading fails, and tries again on the next call', async () => {
    fetchLikedIds.mockRejectedValueOnce(new Error('offline'));
    await ensureLikedIds();
    expect(useLikedStore.getState().status).toBe('failed');
    expect(useLikedStore.getState().productIds.size).toBe(0);
    fetchLikedIds.mockResolvedValueOnce({ productIds: ['p9'], userIds: [] });
    await ensureLikedIds();
    expect(isLiked('product', 'p9')).toBe(true);
  });

  it('forgets everything on sign-out', async () => {
    fetchLikedIds.mockResolvedValue({ productIds: ['p1'], userIds: ['u1'] });
    await ensureLikedIds();
    resetLikedIds();
    expect(useLikedStore.getState()).toMatchObject({ status: 'idle' });
    expect(isLiked('product', 'p1')).toBe(false);
    expect(isLiked('user', 'u1')).toBe(false);
  });
});
