import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const data = new Map<string, string>();
  (
    globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }
  ).localStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
});

import {
  rememberAttemptedUrl,
  takeAttemptedUrl,
  useAuthStore,
} from '../features/auth/stores/auth-store';
import type { SessionUser } from './session';

const user = {
  _id: 'u1',
  username: 'ann',
  name: 'Ann',
  email: 'a@x.io',
  role: 'user',
  token: 't',
  refreshToken: 'r',
} as SessionUser;

beforeEach(() => useAuthStore.setState({ user: null, site: null, attemptedUrl: null }));

describe('auth store', () => {
  it('keeps user and site, never the tokens, under the "auth" key', () => {
    useAuthStore.getState().setSession(user, { _id: 's1', name: 'Ann’s' });
    const state = useAuthStore.getState();
    expect(state.user?._id).toBe('u1');
    expect(state.user).not.toHaveProperty('token');
    expect(state.site?._id).toBe('s1');
    expect(localStorage.getItem('auth')).not.toContain('refreshToken');
  });

  it('remembers only the SPEC attempted URLs and forgets them once taken', () => {
    expect(rememberAttemptedUrl('/orders')).toBe(false);
    expect(rememberAttemptedUrl('https://evil.example/sales')).toBe(false);
    expect(rememberAttemptedUrl('/sales/12?tab=ship')).toBe(true);
    expect(takeAttemptedUrl()).toBe('/sales/12?tab=ship');
    expect(takeAttemptedUrl()).toBeNull();
  });

  it('clear() signs out but keeps the attempted URL (SPEC §4 failed refresh)', () => {
    useAuthStore.getState().setSession(user, null);
    rememberAttemptedUrl('/edit-page');
    useAuthStore.getState().clear();
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().attemptedUrl).toBe('/edit-page');
  });
});
