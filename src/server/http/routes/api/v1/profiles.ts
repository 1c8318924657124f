import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponse } from '../../../../../shared/contracts/accounts';
import { badRequest } from '../../../../../shared/errors';
import { updateProfile } from '../../../../modules/accounts';
import { FORM_LIMITS, readForm } from '../../../forms';
import { currentUser, requireUser } from '../../../plugins/auth';

const NO_IMAGE = 'image: Choose an image to upload.';

/** PUT /profiles/media: a new avatar (multipart `image` field). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(multipart, { limits: FORM_LIMITS });

  app.put(
    '/profiles/media',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary:
          'Replace the avatar (multipart `image` field); stored as thumbnail + fullsize WebP',
        consumes: ['multipart/form-data'],
        response: { 200: userResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(NO_IMAGE, 'VALIDATION_ERROR');
      const form = await readForm(request, 'image');
      if (!form.file || form.file.buffer.length === 0)
        throw badRequest(NO_IMAGE, 'VALIDATION_ERROR');
      return {
        user: await updateProfile(
          deps,
          currentUser(request).id,
          { image: form.file.buffer },
          request.log,
        ),
      };
    },
  );
};
