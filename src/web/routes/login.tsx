import { useEffect } from 'react';
import { Link, data, redirect, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { accountsApi } from '../../shared/api/accounts';
import { loginRequest, registerRequest, type LoginResponse } from '../../shared/contracts/accounts';
import { MESSAGES } from '../../shared/messages';
import { InAppNotice } from '../components/InAppNotice';
import { PageHeader } from '../components/ui/page';
import { LoginForm, type LoginFallback } from '../features/accounts/components/LoginForm';
import {
  REGISTER_FIELDS,
  RegisterForm,
  type RegisterFallback,
} from '../features/accounts/components/RegisterForm';
import {
  apiHeaders,
  formFailure,
  formText,
  setCookieHeaders,
} from '../features/accounts/form-post';
import { withoutTokens } from '../features/accounts/session';
import { getSession } from '../features/accounts/session.server';
import {
  rememberAttemptedUrl,
  takeAttemptedUrl,
  useAuthStore,
} from '../features/accounts/stores/auth-store';
import { serverApi } from '../lib/api';
import type { ApiClient } from '../lib/api-client';
import { requestMainFocusAfterNavigation } from '../lib/focus';
import { issuesToFieldErrors, serverFieldErrors } from '../lib/form-errors';
import { inAppOfRequest } from '../lib/in-app-request';
import { brandFromMatches, pageMeta } from '../lib/meta';
import { afterLoginPath } from '../lib/redirect';
import { useRootData } from '../lib/root-data';

/** /login, and /login?action=register for the registration form (SPEC §2). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const register = new URLSearchParams(location.search).get('action') === 'register';
  const brand = brandFromMatches(matches);
  return register
    ? pageMeta(
        matches,
        'Sign up',
        `Create your free ${brand} account: a page at your own name where you post, sell and get paid.`,
      )
    : pageMeta(
        matches,
        'Log in',
        `Log in to ${brand} to manage your page, your posts, your orders and your sales.`,
      );
};

/** Already signed in: straight on to where they were going (or /edit-profile). */
export async function loader({ url, context, request }: Route.LoaderArgs) {
  const { user } = await getSession(context);
  if (user) throw redirect(afterLoginPath(url.searchParams.get('redirectTo'), null));
  // Not a cached page: the notice for in-app browsers is decided here, in the server's HTML.
  return { inApp: inAppOfRequest(request) };
}

/**
 * The forms without JavaScript (with it, the components' own handlers post to the API and never
 * reach here): log in → redirect on with the API's cookies, or the page again with the server's
 * message and the entered values (never the password); register → the success text inline.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const client = serverApi(context);
  return url.searchParams.get('action') === 'register'
    ? registerAction(request, client, form)
    : loginAction(request, client, form, url.searchParams.get('redirectTo'));
}

async function loginAction(
  request: Request,
  client: ApiClient,
  form: FormData,
  redirectTo: string | null,
) {
  const values = { email: formText(form, 'email') };
  const parsed = loginRequest.safeParse({ ...values, password: formText(form, 'password') });
  if (!parsed.success) {
    const fallback: LoginFallback = {
      values,
      fieldErrors: issuesToFieldErrors(parsed.error.issues),
    };
    return data({ login: fallback }, { status: 400 });
  }
  let answer;
  try {
    answer = await client.exchange(
      accountsApi.login,
      { body: parsed.data },
      { headers: apiHeaders(request) },
    );
  } catch (err) {
    const failure = formFailure(err, MESSAGES.loginError);
    const fallback: LoginFallback =
      failure.code === 'ACCOUNT_NOT_ACTIVATED'
        ? { values, notActivated: failure.message }
        : { values, error: failure.message };
    return data({ login: fallback }, { status: failure.status });
  }
  throw redirect(afterLoginPath(redirectTo, null), { headers: setCookieHeaders(answer) });
}

async function registerAction(request: Request, client: ApiClient, form: FormData) {
  const values = {
    username: formText(form, 'username'),
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    accountType: formText(form, 'accountType'),
  };
  const parsed = registerRequest.safeParse({ ...values, password: formText(form, 'password') });
  if (!parsed.success) {
    const fallback: RegisterFallback = {
      values,
      fieldErrors: issuesToFieldErrors(parsed.error.issues),
    };
    return data({ register: fallback }, { status: 400 });
  }
  try {
    const res = await client.call(
      accountsApi.register,
      { body: parsed.data },
      { headers: apiHeaders(request) },
    );
    const fallback: RegisterFallback = {
      values,
      registered: res.message || MESSAGES.registrationSuccess,
    };
    return { register: fallback };
  } catch (err) {
    const failure = formFailure(err, MESSAGES.registrationError);
    const fallback: RegisterFallback = {
      values,
      error: failure.message,
      fieldErrors: serverFieldErrors(failure.details, REGISTER_FIELDS),
    };
    return data({ register: fallback }, { status: failure.status });
  }
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const appUrl = useRootData()?.config.appUrl ?? '';
  const register = params.get('action') === 'register';
  const redirectTo = params.get('redirectTo');

  useEffect(() => {
    rememberAttemptedUrl(redirectTo);
  }, [redirectTo]);

  const keep = redirectTo ? `redirectTo=${encodeURIComponent(redirectTo)}` : '';
  const loginHref = keep ? `/login?${keep}` : '/login';
  const registerHref = `/login?action=register${keep ? `&${keep}` : ''}`;

  // SPEC §4: cookies are set by the server; keep user and site (the answer's tokens stripped),
  // then go on. Leaving /login reloads the root loader (root.tsx shouldRevalidate), so the header
  // shows the avatar. Focus moves to the new page's heading (not the body: the form is gone).
  async function onSignedIn({ user, site }: LoginResponse) {
    useAuthStore.getState().setSession(withoutTokens(user), site);
    requestMainFocusAfterNavigation();
    await navigate(afterLoginPath(redirectTo, takeAttemptedUrl()), { replace: true });
  }

  return (
    <div className="mx-auto max-w-lg" data-testid={register ? 'register-page' : 'login-page'}>
      <PageHeader
        title={register ? 'Sign up' : 'Log in'}
        description={
          register
            ? 'Pick a username for your page, tell us whether you want to sell, buy or both, and confirm your email to get started.'
            : redirectTo
              ? 'Log in to continue where you left off.'
              : 'Welcome back. Log in with your email or username and password.'
        }
      />
      <InAppNotice detected={loaderData?.inApp ?? null} />
      <section aria-label={register ? 'Sign up' : 'Log in'} className="card">
        {register ? (
          <>
            <RegisterForm
              appUrl={appUrl}
              loginHref={loginHref}
              fallback={actionData && 'register' in actionData ? actionData.register : undefined}
            />
            <p className="mt-6 text-sm text-gray-700">
              Already have an account?{' '}
              <Link to={loginHref} className="link" data-testid="switch-to-login">
                Log in
              </Link>
            </p>
          </>
        ) : (
          <LoginForm
            onSignedIn={onSignedIn}
            registerHref={registerHref}
            fallback={actionData && 'login' in actionData ? actionData.login : undefined}
          />
        )}
      </section>
    </div>
  );
}
