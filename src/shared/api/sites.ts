import { z } from 'zod';
import { siteLinksUpdateRequest } from '../contracts/site-links';
import {
  mySiteSchema,
  publicSiteSchema,
  siteQrQuery,
  siteQuery,
  siteResponse,
  siteShareResponse,
  siteUpdateRequest,
} from '../contracts/sites';
import { endpoint } from './endpoint';

const tags = ['sites'] as const;

/** SPEC §7 "Sites" (the client "reads data", so GET bodies are the site itself). */
export const sitesApi = {
  site: endpoint({
    method: 'GET',
    path: '/sites',
    summary:
      'A public site and its owner (?username= or ?user_id=); suspended or unactivated owners have none',
    tags,
    query: siteQuery,
    response: publicSiteSchema,
  }),
  mySite: endpoint({
    method: 'GET',
    path: '/sites/mine',
    summary: "The signed-in user's site, with the custom domain's verification status",
    tags,
    response: mySiteSchema,
  }),
  updateSite: endpoint({
    method: 'PUT',
    path: '/sites',
    summary: 'Change any Site field (colours as hex, a font from the allow-list, a custom domain)',
    tags,
    body: siteUpdateRequest,
    response: siteResponse,
  }),
  replaceLinks: endpoint({
    method: 'PUT',
    path: '/sites/links',
    summary:
      'Replace the list of links, in order (at most 50; links sent with their id keep it and their clicks, links left out are deleted)',
    tags,
    body: siteLinksUpdateRequest,
    response: siteResponse,
  }),
  uploadLogo: endpoint({
    method: 'PUT',
    path: '/sites/media',
    summary: 'Replace the logo (multipart `image` field); stored as thumbnail + fullsize WebP',
    tags,
    multipart: true,
    response: siteResponse,
  }),
  verifyDomain: endpoint({
    method: 'POST',
    path: '/sites/domain/verify',
    summary: 'Check the custom domain now (TXT record or served token); it goes live once verified',
    tags,
    response: siteResponse,
  }),
  siteQrCode: endpoint({
    method: 'GET',
    path: '/sites/qr',
    summary:
      "The QR code of the signed-in owner's page (its public URL, in the site's colours when they contrast enough to scan): image/svg+xml, or image/png as a download with `format=png`",
    tags,
    query: siteQrQuery,
    // Not JSON: the SVG's text, or the PNG's bytes (sent as they are, past the serializer).
    response: z.string(),
  }),
  siteShare: endpoint({
    method: 'GET',
    path: '/sites/share',
    summary:
      "The signed-in owner's page address and its QR code as SVG markup (the editor's Share section)",
    tags,
    response: siteShareResponse,
  }),
};
