import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { installAuth } from '../../../plugins/auth';
import { authRoutes } from './auth';
import { healthRoutes } from './health';
import { profileRoutes } from './profiles';
import { siteRoutes } from './sites';
import { userRoutes } from './users';

/** Every /api/v1 resource registers here; each file stays thin (parse → one use-case → reply). */
export const apiV1: FastifyPluginAsyncZod = async (app) => {
  installAuth(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(profileRoutes);
  await app.register(siteRoutes);
};
