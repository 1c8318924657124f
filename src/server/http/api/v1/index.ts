import type { FastifyPluginAsync } from 'fastify';
import { enforceAccessRules } from '../access';
import { installAuth } from '../auth';
import { adminRoutes } from './admin';
import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { cartLinkRoutes } from './cart-link';
import { checkoutRoutes } from './checkout';
import { commentRoutes } from './comments';
import { discountRoutes } from './discounts';
import { feedbackRoutes } from './feedback';
import { healthRoutes } from './health';
import { insightRoutes } from './insights';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';
import { offerRoutes } from './offers';
import { payoutRoutes } from './payouts';
import { moderationRoutes } from './moderation';
import { outreachRoutes } from './outreach';
import { planRoutes } from './plans';
import { productRoutes } from './products';
import { productMediaRoutes } from './product-media';
import { returnRoutes } from './returns';
import { salesRoutes } from './sales';
import { siteRoutes } from './sites';
import { socialRoutes } from './social';
import { tagRoutes } from './tags';
import { userRoutes } from './users';
import { webhookRoutes } from './webhooks';

/**
 * Every /api/v1 resource registers here; each file stays thin (parse → one use-case → reply).
 * Access rules are installed first, so every route below must declare one.
 */
export const apiV1: FastifyPluginAsync = async (app) => {
  installAuth(app);
  enforceAccessRules(app);
  // API answers carry personal data or tokens, or depend on who asks: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(siteRoutes);
  await app.register(productRoutes);
  await app.register(productMediaRoutes);
  await app.register(adminRoutes);
  await app.register(tagRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(moderationRoutes);
  await app.register(socialRoutes);
  await app.register(commentRoutes);
  await app.register(checkoutRoutes);
  await app.register(cartLinkRoutes);
  await app.register(salesRoutes);
  await app.register(discountRoutes);
  await app.register(returnRoutes);
  await app.register(insightRoutes);
  await app.register(feedbackRoutes);
  await app.register(payoutRoutes);
  await app.register(planRoutes);
  await app.register(offerRoutes);
  await app.register(outreachRoutes);
  await app.register(aiRoutes);
  await app.register(webhookRoutes);
};
