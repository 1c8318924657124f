import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { accountsApi } from '../../../../shared/api/accounts';
import { profileUpdateRequest } from '../../../../shared/contracts/accounts';
import {
  getMe,
  getPublicProfile,
  listDirectory,
  updateProfile,
} from '../../../modules/accounts';
import { changeRole, deleteUser, setUserStatus } from '../../../modules/moderation';
import { FORM_LIMITS, jsonField, parseOrThrow, readForm, readImageUpload } from '../forms';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, perUser } from './rate-limits';

/** The signed-in user, public profiles, the profile form, the avatar and role changes. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: FORM_LIMITS });
  // Image work is the expensive part of these calls: a budget per account, not just per address.
  const profileSaves = perUser(app, 'profile-save', 60, HOUR);
  const avatarUploads = perUser(app, 'avatar-upload', 20, HOUR);

  defineRoute(app, accountsApi.me, {
    access: 'user',
    handler: async (request, _reply, deps) => getMe(deps, currentUser(request).id),
  });

  defineRoute(app, accountsApi.publicProfile, {
    access: 'public',
    handler: async (request, _reply, deps) => ({
      user: await getPublicProfile(deps, request.params.id),
    }),
  });

  defineRoute(app, accountsApi.updateProfile, {
    access: 'user',
    preHandler: profileSaves,
    handler: async (request, _reply, deps) => {
      let raw: unknown = request.body;
      let image: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readForm(request, 'image');
        raw = { user: jsonField(form, 'user') };
        image = form.file?.buffer;
      }
      const { user: profile } = parseOrThrow(profileUpdateRequest, raw);
      const user = await updateProfile(deps, currentUser(request).id, {
        profile,
        image,
      });
      return { user };
    },
  });

  defineRoute(app, accountsApi.uploadAvatar, {
    access: 'user',
    preHandler: avatarUploads,
    handler: async (request, _reply, deps) => {
      const image = await readImageUpload(request);
      return { user: await updateProfile(deps, currentUser(request).id, { image }) };
    },
  });

  // Recorded in the moderation log (docs/decisions/022).
  defineRoute(app, accountsApi.changeRole, {
    access: 'admin',
    handler: async (request, _reply, deps) => ({
      user: await changeRole(deps, currentUser(request), request.body),
    }),
  });

  // ---- the member directory and the staff's calls on accounts (docs/decisions/022) ----
  defineRoute(app, accountsApi.directory, {
    access: 'public',
    handler: async (request, _reply, deps) => listDirectory(deps, request.query),
  });

  defineRoute(app, accountsApi.setUserStatus, {
    access: 'moderator',
    handler: async (request, _reply, deps) => ({
      user: await setUserStatus(deps, currentUser(request), request.body),
    }),
  });

  defineRoute(app, accountsApi.deleteUser, {
    access: 'admin',
    handler: async (request, _reply, deps) =>
      deleteUser(deps, currentUser(request), request.query.id),
  });
};
