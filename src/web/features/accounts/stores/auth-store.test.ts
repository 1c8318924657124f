import { beforeEach, describe, expect, it } from 'vitest';
import { testLocalStorage } from '../../../../../tests/helpers/memory-local-storage';
import {
  recordOnboardingComplete,
  rememberAttemptedUrl,
  takeAttemptedUrl,
  useAuthStore,
} from './auth-store';
import { withoutTokens } from '../session';
import { sessionUserFixture, siteFixture } from '../session.fixtures';

/** A POST /login answer's user: the session user plus both tokens. */
const user = { ...sessionUserFixture, token: 't', refreshToken: 'r' };

beforeEach(() => {
  testLocalStorage.clear();
  useAuthStore.setState({
    user: null,
    site: null,
    attemptedUrl: null,
    stripeOnboardingComplete: null,
  });
});

describe('auth store', () => {
  it('keeps user and site, never the tokens, under the "auth" key', () => {
    useAuthStore.getState().setSession(user, siteFixture);
    const state = useAuthStore.getState();
    expect(state.user).toEqual(sessionUserFixture);
    expect(state.user).not.toHaveProperty('token');
    expect(state.site?._id).toBe('s1');
    expect(localStorage.getItem('auth')).toContain('"username":"ann"');
    expect(localStorage.getItem('auth')).not.toContain('refreshToken');
    expect(localStorage.getItem('auth')).not.toContain('"token"');
  });

  it('withoutTokens strips token and refreshToken and keeps the rest', () => {
    const stripped = withoutTokens(user);
    expect(stripped).toEqual(sessionUserFixture);
    expect(stripped).not.toHaveProperty('token');
    expect(stripped).not.toHaveProperty('refreshToken');
    expect(user.token).toBe('t'); // the argument is not changed
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

  it('keeps the payout onboarding flag for the same member, forgets it for another or on sign-out', () => {
    const store = () => useAuthStore.getState();
    store().setSession(user, null);
    store().setStripeOnboardingComplete(true);
    expect(localStorage.getItem('auth')).toContain('"stripeOnboardingComplete":true');
    store().setSession({ ...user, name: 'Ann B.' }, null); // the same member, refreshed
    expect(store().stripeOnboardingComplete).toBe(true);
    store().setSession({ ...user, _id: 'someone-else' }, null);
    expect(store().stripeOnboardingComplete).toBeNull();
    store().setStripeOnboardingComplete(false);
    store().clear();
    expect(store().stripeOnboardingComplete).toBeNull();
  });

  it('records the onboarding flag once the store holds that member (after hydration and sync)', async () => {
    const store = () => useAuthStore.getState();
    localStorage.removeItem('auth'); // nothing persisted: the store starts empty
    const stop = recordOnboardingComplete(sessionUserFixture._id, false);
    await useAuthStore.persist.rehydrate();
    expect(store().stripeOnboardingComplete).toBeNull(); // nobody in the store yet
    store().setSession(user, null); // the app follows the server's session
    expect(store().stripeOnboardingComplete).toBe(false);
    stop();
    // Done: later changes are not overridden.
    store().setStripeOnboardingComplete(true);
    expect(store().stripeOnboardingComplete).toBe(true);
  });
});
