import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { sitesApi } from '../../../../shared/api/sites';
import {
  getMySite,
  getSite,
  replaceSiteLinks,
  siteQrCode,
  siteShare,
  updateSite,
  uploadSiteLogo,
  verifySiteDomain,
} from '../../../modules/sites';
import { FORM_LIMITS, readImageUpload } from '../forms';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, perUser } from './rate-limits';

/**
 * Sites (SPEC §7): public reads (the client "reads data", so the body is the site itself) and the
 * owner's writes, which only ever reach the caller's own site (no route takes a site id).
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: FORM_LIMITS });
  const siteSaves = perUser(app, 'site-save', 120, HOUR);
  // Image work is the expensive part: the same budget per account as avatars.
  const logoUploads = perUser(app, 'site-logo', 20, HOUR);
  // Each check asks DNS and fetches from the owner's server: enough to retry while DNS settles.
  const domainChecks = perUser(app, 'domain-verify', 20, HOUR);
  // Drawing a PNG takes a few milliseconds: plenty for an owner opening their editor all day.
  const qrCodes = perUser(app, 'site-qr', 600, HOUR);

  defineRoute(app, sitesApi.site, {
    access: 'public',
    handler: async (request, _reply, deps) => getSite(deps, request.query),
  });

  defineRoute(app, sitesApi.mySite, {
    access: 'user',
    handler: async (request, _reply, deps) => getMySite(deps, currentUser(request).id),
  });

  defineRoute(app, sitesApi.updateSite, {
    access: 'user',
    preHandler: siteSaves,
    handler: async (request, _reply, deps) => ({
      site: await updateSite(deps, currentUser(request).id, request.body),
    }),
  });

  defineRoute(app, sitesApi.replaceLinks, {
    access: 'user',
    preHandler: siteSaves,
    handler: async (request, _reply, deps) => ({
      site: await replaceSiteLinks(deps, currentUser(request).id, request.body),
    }),
  });

  defineRoute(app, sitesApi.uploadLogo, {
    access: 'user',
    preHandler: logoUploads,
    handler: async (request, _reply, deps) => {
      const image = await readImageUpload(request);
      return { site: await uploadSiteLogo(deps, currentUser(request).id, image) };
    },
  });

  defineRoute(app, sitesApi.verifyDomain, {
    access: 'user',
    preHandler: domainChecks,
    handler: async (request, _reply, deps) => ({
      site: await verifySiteDomain(deps, currentUser(request).id),
    }),
  });

  // No limit of its own: the editor's loader calls it directly (one read and a few ms of drawing).
  defineRoute(app, sitesApi.siteShare, {
    access: 'user',
    handler: async (request, _reply, deps) => siteShare(deps, currentUser(request).id),
  });

  defineRoute(app, sitesApi.siteQrCode, {
    access: 'user',
    preHandler: qrCodes,
    handler: async (request, reply, deps) => {
      const qr = await siteQrCode(deps, currentUser(request).id, request.query.format);
      // The owner's own code: kept by their browser only, asked again each time (a colour or
      // domain change redraws it). The PNG is a file to save.
      reply.header('cache-control', 'private, no-cache');
      if (qr.format === 'png') {
        reply
          .type('image/png')
          .header('content-disposition', `attachment; filename="${qr.filename}"`);
        // Bytes go out as they are (Fastify sends a Buffer past the response serializer).
        return reply.send(qr.body) as unknown as string;
      }
      reply.type('image/svg+xml; charset=utf-8');
      return qr.body;
    },
  });
};
