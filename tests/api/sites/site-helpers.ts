import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { onContentChange, type ContentChange } from '../../../src/server/modules/core';
import type { ScriptedDomainProbe } from '../../helpers/domain-probe';
import {
  DOMAIN_TXT_VALUE_PREFIX,
  DOMAIN_HTTP_PATH,
  DOMAIN_TXT_PREFIX,
  mySiteSchema,
  type MySite,
} from '../../../src/shared/contracts/sites';
import { inject, signedInUser } from '../../factories/accounts';
import type { TestApp } from '../../helpers/app';
import { multipartBody, type FilePart } from '../../helpers/multipart';

type Auth = Record<string, string>;

export const putSite = (t: TestApp, auth: Auth, body: unknown) =>
  inject(t, { method: 'PUT', url: '/api/v1/sites', headers: auth, payload: body as object });

export const verifyDomain = (t: TestApp, auth: Auth) =>
  inject(t, { method: 'POST', url: '/api/v1/sites/domain/verify', headers: auth });

export const publicSite = (t: TestApp, username: string) =>
  inject(t, { url: `/api/v1/sites?username=${encodeURIComponent(username)}` });

export async function mySite(t: TestApp, auth: Auth): Promise<MySite> {
  const res = await inject(t, { url: '/api/v1/sites/mine', headers: auth });
  return mySiteSchema.strict().parse(res.json());
}

/** The `{ site }` answer of a write, checked against the contract. */
export function siteOf(res: LightMyRequestResponse): MySite {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return mySiteSchema.strict().parse(res.json().site);
}

/** PUT /sites/media with one file part (or any parts), as a browser sends it. */
export async function uploadLogo(t: TestApp, auth: Auth, parts: Record<string, string | FilePart>) {
  const { payload, contentType } = await multipartBody(parts);
  return inject(t, {
    method: 'PUT',
    url: '/api/v1/sites/media',
    payload,
    headers: { 'content-type': contentType, ...auth },
  });
}

export const logoPart = (data: Buffer, type = 'image/png', filename = 'logo.png'): FilePart => ({
  data,
  type,
  filename,
});

/** A wide transparent PNG wordmark-shaped logo (real image bytes). */
export const wideLogoPng = () =>
  sharp({
    create: {
      width: 800,
      height: 200,
      channels: 4,
      background: { r: 194, g: 65, b: 12, alpha: 0.8 },
    },
  })
    .png()
    .toBuffer();

export const squareJpeg = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();

/** Records what the app's change bus announces from now on (as a cache would hear it). */
export function recordChanges(t: TestApp) {
  const heard: ContentChange[] = [];
  const stop = onContentChange(t.deps.env, (change) => heard.push(change));
  return {
    heard,
    stop,
    /** What was heard since the last call, and forget it. */
    take() {
      return heard.splice(0, heard.length);
    },
  };
}

/** Where the proof of a domain is looked for: the TXT record's name, the served file's URL. */
export const txtName = (domain: string) => `${DOMAIN_TXT_PREFIX}.${domain}`;
export const httpUrl = (domain: string) => `http://${domain}${DOMAIN_HTTP_PATH}`;

/** A signed-in owner (on a plan with custom domains) whose site claims `domain` (pending), with its token. */
/** Publishes the TXT record that proves `token` controls `domain` (on a scripted probe). */
export function publishProof(probe: ScriptedDomainProbe, domain: string, token: string) {
  probe.txtRecords.set(txtName(domain), [`${DOMAIN_TXT_VALUE_PREFIX}${token}`]);
}

export async function domainOwner(t: TestApp, domain: string) {
  const owner = await signedInUser(t.deps, { plan: 'creator' });
  const site = siteOf(await putSite(t, owner.auth, { domainName: domain }));
  const token = site.domain.httpFile!.body;
  return { ...owner, site, token };
}
