import { describe, expect, it } from 'vitest';
import type { SeenVisit } from './recorder';
import { viewQueue } from './view-queue';

const AT = Date.UTC(2026, 10, 29, 12);
const visit = (fields: Partial<SeenVisit> = {}): SeenVisit => ({
  path: '/maya',
  search: '',
  host: 'shop.example',
  address: '203.0.113.5',
  userAgent: 'Mozilla/5.0 (Android) Chrome/131',
  referrer: '',
  at: AT,
  ...fields,
});
const always = () => true;
const summary = (q: ReturnType<typeof viewQueue>) =>
  q.take(100).map((v) => `${v.path}${v.search} ×${v.times}`);

describe('viewQueue', () => {
  it("counts a client's same view again on the waiting one", () => {
    const q = viewQueue();
    for (let i = 0; i < 1000; i++) q.add(visit({ at: AT + i }), always);
    expect(q.size).toBe(1);
    const [only] = q.take(10);
    expect(only).toMatchObject({ path: '/maya', times: 1000, at: AT });
  });

  it("keeps a client's way through the shop in order, and other clients apart", () => {
    const q = viewQueue();
    q.add(visit(), always);
    q.add(visit({ path: '/maya/jug-0a1b2c3d4e5f' }), always);
    q.add(visit(), always);
    q.add(visit({ address: '198.51.100.7' }), always);
    q.add(visit({ search: '?src=ig' }), always);
    q.add(visit({ search: '?src=ig' }), always);
    expect(summary(q)).toEqual([
      '/maya ×1',
      '/maya/jug-0a1b2c3d4e5f ×1',
      '/maya ×1',
      '/maya ×1',
      '/maya?src=ig ×2',
    ]);
  });

  it('starts a new entry once the waiting one was taken, and a new one on a new day', () => {
    const q = viewQueue();
    q.add(visit(), always);
    const [taken] = q.take(10);
    q.add(visit(), always);
    expect(taken!.times).toBe(1);
    q.add(visit({ at: AT + 86_400_000 }), always);
    expect(summary(q)).toEqual(['/maya ×1', '/maya ×1']);
  });

  it('adds nothing new without room, but still counts a view on one waiting', () => {
    const q = viewQueue();
    q.add(visit(), always);
    q.add(visit({ path: '/other' }), () => false);
    q.add(visit(), () => false);
    expect(summary(q)).toEqual(['/maya ×2']);
  });

  it('puts a failed batch back in front, cutting what is beyond the limit', () => {
    const q = viewQueue();
    q.add(visit({ path: '/a' }), always);
    q.add(visit({ path: '/b' }), always);
    const failed = q.take(1);
    q.add(visit({ path: '/c', address: '198.51.100.7' }), always);
    q.putBack(failed, 2);
    expect(summary(q)).toEqual(['/a ×1', '/b ×1']);
    // The cut view no longer takes counts: the client's next same view is a new entry.
    q.add(visit({ path: '/c', address: '198.51.100.7' }), always);
    expect(q.size).toBe(1);
  });
});
