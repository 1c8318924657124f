import { data, redirect } from 'react-router';
import type { SessionUser } from '../../../shared/contracts/accounts';
import { isModeratorRole } from '../../../shared/contracts/account-rules';
import { MESSAGES } from '../../../shared/messages';
import { loginUrlFor } from '../../lib/redirect';
import { isAdmin } from './session';
import { getSession, type SessionContext } from './session.server';

/**
 * Route guards (SPEC §2 "route guards named 'authenticated' and 'domain-check'"). A guarded route's
 * loader runs them before anything else; a guard throws a redirect or an error response to stop.
 */
export interface GuardContext {
  request: Request;
  /**
   * The page's URL without React Router's `.data` suffix and internal parameters (the route's
   * `url` argument); `request.url` is the raw one (future.v8_passThroughRequests).
   */
  url?: URL;
  user: SessionUser | null | undefined;
}

export type Guard = (ctx: GuardContext) => void | Promise<void>;

/** Signed out → /login?redirectTo=<where they were going>. */
const authenticated: Guard = ({ request, url, user }) => {
  if (!user) throw redirect(loginUrlFor(url ?? request));
};

/** Kept for parity with the SPEC: it intentionally does nothing. */
const domainCheck: Guard = () => {};

/** Admin pages: signed out → login; signed in without an admin role → 403. */
const admin: Guard = (ctx) => {
  authenticated(ctx);
  if (!isAdmin(ctx.user))
    throw data('You need an admin account to open this page.', { status: 403 });
};

/** Moderation pages (/moderation, /users): moderators, admins and super admins. */
const moderator: Guard = (ctx) => {
  authenticated(ctx);
  if (!isModeratorRole(ctx.user?.role))
    throw data('You need a moderator or admin account to open this page.', { status: 403 });
};

export const guards = {
  authenticated,
  'domain-check': domainCheck,
  admin,
  moderator,
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof guards;

/** Runs the named guards in order. An unknown name is a programming error: 500 'Unknown middleware'. */
export async function runGuards(names: readonly string[], ctx: GuardContext): Promise<void> {
  for (const name of names) {
    const guard = Object.hasOwn(guards, name) ? guards[name as GuardName] : undefined;
    if (!guard) throw data(MESSAGES.unknownMiddleware, { status: 500 });
    await guard(ctx);
  }
}

/**
 * For route loaders: resolves the request's user (at most one /users/me per request, none when
 * the server found no session) and runs the guards.
 * `export const loader = guardLoader(['authenticated'])`.
 */
export function guardLoader(names: readonly GuardName[]) {
  return async ({
    request,
    url,
    context,
  }: {
    request: Request;
    url?: URL;
    context: SessionContext;
  }) => {
    const { user } = await getSession(context);
    await runGuards(names, { request, url, user });
    return { user };
  };
}
