import { data } from 'react-router';
import { sitesApi } from '../../../../shared/api/sites';
import type { SiteLinksUpdate } from '../../../../shared/contracts/site-links';
import type { MySite, SiteShare } from '../../../../shared/contracts/sites';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import type { SiteUpdateBody } from '../editor/editor-values';

// The owner's calls of SPEC §7 "Sites", each naming its endpoint of the shared catalogue
// (src/shared/api/sites.ts). Browser calls use the app's client (token cookie, refresh-and-retry,
// upload progress); the editor's loader and action pass `serverApi(context)`.

/** PUT /sites: the changed fields; answers `{ site }` as saved (colours and domain normalised). */
export const updateSite = (body: SiteUpdateBody, client: ApiClient = api) =>
  client.call(sitesApi.updateSite, { body });

/** PUT /sites/links: the whole list in order; answers `{ site }` with the links as stored. */
export const replaceLinks = (body: SiteLinksUpdate, client: ApiClient = api) =>
  client.call(sitesApi.replaceLinks, { body });

/** PUT /sites/media: the new logo (multipart `image`), reporting upload progress (0…1). */
export function uploadLogo(file: Blob, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : 'logo');
  return api.call(sitesApi.uploadLogo, { body: form }, { onUploadProgress: onProgress });
}

/** PUT /sites with `image: null`: the header goes back to the site name. */
export const removeLogo = () => api.call(sitesApi.updateSite, { body: { image: null } });

/** POST /sites/domain/verify: checks the TXT record or served token now. */
export const verifyDomain = () => api.call(sitesApi.verifyDomain, {});

// ---- server side (the editor's loader) ----

/** GET /sites/mine; any failure is the error page's 'Error loading user' (500). */
export async function getMySite(client: ApiClient): Promise<MySite> {
  try {
    return await client.call(sitesApi.mySite, {});
  } catch {
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
}

/** GET /sites/share: the page's address and QR code; null when it cannot be had (the section hides). */
export async function getSiteShare(client: ApiClient): Promise<SiteShare | null> {
  try {
    return await client.call(sitesApi.siteShare, {});
  } catch {
    return null;
  }
}
