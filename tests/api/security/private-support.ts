import type { EndpointDef } from '../../../src/shared/api/endpoint';
import { fillPath } from '../../../src/shared/api/endpoint';
import type { TestApp } from '../../helpers/app';
import { inject } from '../../factories/accounts';

// What the "nothing private to strangers" tests share (docs/decisions/051): the call through a
// shared endpoint description and the field lists a member's public view is checked against.

/** What anyone may read of another member: the face of their page (publicMemberSchema). */
export const PUBLIC_MEMBER_FIELDS = [
  '_id',
  'username',
  'name',
  'bio',
  'link',
  '_tags',
  'image',
  'likesCount',
];

/** What only the member themself (GET /users/me) and staff (GET /admin/users) may read. */
export const PRIVATE_MEMBER_FIELDS = [
  'role',
  'accountType',
  'email',
  'plan',
  'stripeUserId',
  'stripeAccountLink',
  'createdAt',
  'status',
  'activatedAt',
  'likesType',
];

/** A call through the shared endpoint description (anonymous unless `auth` is given). */
export function callThrough(t: TestApp) {
  return <E extends EndpointDef>(
    endpoint: E,
    input: { query?: Record<string, string | number>; body?: object; params?: object } = {},
    auth?: Record<string, string>,
  ) => {
    const query = input.query
      ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    return inject(t, {
      method: endpoint.method,
      url: `/api/v1${fillPath(endpoint.path, input.params as Record<string, unknown>)}${query}`,
      headers: auth ?? {},
      ...(input.body ? { payload: input.body as Record<string, unknown> } : {}),
    });
  };
}
