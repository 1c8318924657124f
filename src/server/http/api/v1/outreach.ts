import type { FastifyPluginAsync } from 'fastify';
import { outreachApi } from '../../../../shared/api/outreach';
import { OUTREACH_LIMITS } from '../../../../shared/contracts/outreach-rules';
import {
  confirmSignup,
  emailListStats,
  exportEmailList,
  listContactMessages,
  sendContactMessage,
  signUp,
  unsubscribeFromList,
  updateContactMessage,
} from '../../../modules/outreach';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { csvAttachment } from './csv-answer';
import { acceptOneClickForms } from './one-click-forms';
import { HOUR, MINUTE, bodyEmail, perIp, perKey } from './rate-limits';

/**
 * The contact form, its admin list, and email lists (docs/decisions/034). Spam is held off by a
 * honeypot field and limits per client IP and per address. The unsubscribe call also takes
 * RFC 8058 one-click POSTs (form bodies, parsed in this scope only).
 */
export const outreachRoutes: FastifyPluginAsync = async (app) => {
  acceptOneClickForms(app);
  const perAddress = (name: string, max: number) =>
    perKey(app, name, { max, timeWindow: HOUR, key: bodyEmail });

  defineRoute(app, outreachApi.contact, {
    access: 'public',
    rateLimit: perIp(OUTREACH_LIMITS.contactPerHour, HOUR),
    preHandler: perAddress('contact-email', OUTREACH_LIMITS.contactPerHour),
    handler: (request, _reply, deps) =>
      sendContactMessage(deps, request.body, request.user?.id ?? null),
  });

  defineRoute(app, outreachApi.contactMessages, {
    access: 'admin',
    handler: (request, _reply, deps) => listContactMessages(deps, request.query),
  });

  defineRoute(app, outreachApi.updateContactMessage, {
    access: 'admin',
    handler: (request, _reply, deps) =>
      updateContactMessage(deps, currentUser(request).id, request.params.id, request.body.status),
  });

  defineRoute(app, outreachApi.signup, {
    access: 'public',
    rateLimit: perIp(OUTREACH_LIMITS.signupsPerHour, HOUR),
    preHandler: perAddress('email-list-signup', OUTREACH_LIMITS.signupsPerHour),
    handler: (request, _reply, deps) => signUp(deps, request.body),
  });

  defineRoute(app, outreachApi.confirm, {
    access: 'public',
    rateLimit: perIp(60, MINUTE),
    handler: (request, _reply, deps) => confirmSignup(deps, request.body.token),
  });

  defineRoute(app, outreachApi.unsubscribe, {
    access: 'public',
    rateLimit: perIp(60, MINUTE),
    handler: (request, _reply, deps) =>
      unsubscribeFromList(deps, request.body?.token ?? request.query.token),
  });

  defineRoute(app, outreachApi.stats, {
    access: 'user',
    handler: (request, _reply, deps) =>
      emailListStats(deps, currentUser(request), request.query.list),
  });

  defineRoute(app, outreachApi.exportCsv, {
    access: 'user',
    rateLimit: perIp(30, MINUTE),
    handler: async (request, reply, deps) =>
      csvAttachment(reply, await exportEmailList(deps, currentUser(request), request.query)),
  });
};
