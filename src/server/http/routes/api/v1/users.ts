import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  meResponse,
  profileUpdateRequest,
  publicProfileResponse,
  roleChangeRequest,
  userIdParams,
  userResponse,
} from '../../../../../shared/contracts/accounts';
import {
  changeUserRole,
  getMe,
  getPublicProfile,
  updateProfile,
} from '../../../../modules/accounts';
import { FORM_LIMITS, jsonField, parseOrThrow, readForm } from '../../../forms';
import { currentUser, requireRole, requireUser } from '../../../plugins/auth';

/** The signed-in user, public profiles, the profile form and role changes. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['users'];
  await app.register(multipart, { limits: FORM_LIMITS });

  app.get(
    '/users/me',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'The signed-in user and their site', response: { 200: meResponse } },
    },
    async (request) => getMe(deps, currentUser(request).id),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: "A user's public profile",
        params: userIdParams,
        response: { 200: publicProfileResponse },
      },
    },
    async (request) => ({ user: await getPublicProfile(deps, request.params.id) }),
  );

  app.put(
    '/users',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Update the profile: multipart with a `user` JSON field and an optional `image` file, or JSON { user }',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: userResponse },
      },
    },
    async (request) => {
      let raw: unknown = request.body;
      let image: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readForm(request, 'image');
        raw = { user: jsonField(form, 'user') };
        image = form.file?.buffer;
      }
      const { user: profile } = parseOrThrow(profileUpdateRequest, raw);
      return {
        user: await updateProfile(deps, currentUser(request).id, { profile, image }, request.log),
      };
    },
  );

  app.patch(
    '/admin/users/roles',
    {
      preHandler: requireRole('admin', 'superAdmin'),
      schema: {
        tags: ['admin'],
        summary: "Change a user's role",
        body: roleChangeRequest,
        response: { 200: userResponse },
      },
    },
    async (request) => ({ user: await changeUserRole(deps, currentUser(request), request.body) }),
  );
};
