import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { Role } from '../../../shared/contracts/accounts';
import { forbidden, unauthorized } from '../../modules/core';

/**
 * Who may call a route (DESIGN §3). Every /api/v1 route declares one in `config.access`; a route
 * without one does not register. `owner` means "signed in, and the use-case checks the resource is
 * the caller's" (admins may act on anyone's): the route cannot know the owner before loading it.
 */
export const ACCESS_RULES = ['public', 'user', 'owner', 'moderator', 'admin', 'superAdmin'] as const;
export type Access = (typeof ACCESS_RULES)[number];

/** The roles a role-restricted rule admits; `user` and `owner` admit every signed-in user. */
export const ROLES_ALLOWED: Partial<Record<Access, readonly Role[]>> = {
  moderator: ['moderator', 'admin', 'superAdmin'],
  admin: ['admin', 'superAdmin'],
  superAdmin: ['superAdmin'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route reads a multipart form itself (no body schema). */
    multipart?: boolean;
  }
  interface FastifyInstance {
    /** Every /api/v1 route as registered, with its access rule (the guard-rail tests walk it). */
    apiRoutes: ApiRouteInfo[];
  }
}

export interface ApiRouteInfo {
  method: string;
  url: string;
  access: Access;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  multipart: boolean;
}

/**
 * The error refusing `user` a route under `access`, or null when they may call it: the one rule the
 * HTTP guard below and the in-process calls of page renders (direct.ts) both apply.
 */
export function refusal(access: Access, user: { role: Role } | null): Error | null {
  if (access === 'public') return null;
  if (!user) return unauthorized();
  const roles = ROLES_ALLOWED[access];
  return roles && !roles.includes(user.role) ? forbidden() : null;
}

function guardFor(access: Access): preValidationHookHandler | null {
  if (access === 'public') return null;
  // preValidation: the caller is refused before their input is looked at, so an anonymous call
  // gets 401 whatever it sent.
  return async (request: FastifyRequest) => {
    const refused = refusal(access, request.user);
    if (refused) throw refused;
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Installs the access rules on every route registered in this scope from now on, and records the
 * route table. Refuses (at start-up) a route that declares no rule.
 */
export function enforceAccessRules(app: FastifyInstance) {
  if (!app.hasDecorator('apiRoutes')) app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = asArray(route.method).map(String);
    if (!access || !ACCESS_RULES.includes(access)) {
      throw new Error(
        `${methods.join(',')} ${route.url}: declare who may call it with config.access (${ACCESS_RULES.join(' | ')})`,
      );
    }
    const guard = guardFor(access);
    if (guard) route.preValidation = [guard, ...asArray(route.preValidation)];
    if (methods.includes('HEAD')) return; // Fastify's automatic twin of a GET route
    for (const method of methods) {
      app.apiRoutes.push({
        method,
        url: route.url,
        access,
        schema: route.schema as ApiRouteInfo['schema'],
        multipart: Boolean(route.config?.multipart),
      });
    }
  });
}

