import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { blocks, users } from '../../src/server/db/schema';
import type { Message } from '../../src/shared/contracts/messages';
import type { TestApp } from '../helpers/app';
import { nextIp } from './accounts';

/** PUT /api/v1/messages with a JSON body `{ message }` as the token's member. */
export function putMessage(
  t: TestApp,
  token: string | undefined,
  message: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/messages',
    remoteAddress: nextIp(),
    headers: token ? { 'x-access-token': token } : {},
    payload: { message },
  });
}

/** Sends a message and returns it (fails the test with the answer when it is refused). */
export async function sendMessage(
  t: TestApp,
  token: string,
  message: Record<string, unknown>,
): Promise<Message> {
  const res = await putMessage(t, token, message);
  if (res.statusCode !== 200) throw new Error(`PUT /messages → ${res.statusCode}: ${res.body}`);
  return (res.json() as { message: Message }).message;
}

/** A file part of a multipart form. */
export interface FormFile {
  name: string;
  data: Buffer;
  type: string;
  filename: string;
}

/** A multipart body as a browser's FormData sends it; repeated names (several images) allowed. */
export async function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files)
    form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  const req = new Request('http://x', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get('content-type')!,
  };
}

/** PUT /api/v1/messages as multipart: the `message` JSON field and `image` files. */
export async function putMessageForm(
  t: TestApp,
  token: string,
  message: Record<string, unknown>,
  images: FormFile[],
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartForm({ message: JSON.stringify(message) }, images);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/messages',
    remoteAddress: nextIp(),
    headers: { 'x-access-token': token, 'content-type': contentType },
    payload,
  });
}

/** A real image of the given size, as an `image` file part. */
export async function pngPart(width = 64, height = 48, background = '#0f766e'): Promise<FormFile> {
  const data = await sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
  return { name: 'image', data, type: 'image/png', filename: 'photo.png' };
}

/** `blocker` blocks `blocked` (straight into the social module's table: its API is not ours). */
export async function block(t: TestApp, blockerId: string, blockedId: string): Promise<void> {
  await t.deps.database.db.insert(blocks).values({ blockerId, blockedId });
}

/** Suspends (or reinstates) a member straight in the database. */
export async function setStatus(
  t: TestApp,
  userId: string,
  status: 'active' | 'suspended',
): Promise<void> {
  await t.deps.database.db.update(users).set({ status }).where(eq(users.id, userId));
}

/** An authenticated GET of an /api/v1 path. */
export function apiGet(t: TestApp, url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    remoteAddress: nextIp(),
    headers: token ? { 'x-access-token': token } : {},
  });
}
