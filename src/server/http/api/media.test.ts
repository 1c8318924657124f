import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type LocalStorageDriver } from '../../adapters/storage/local';
import { localStorageRoutes } from './media';

const SECRET = 'route-test-secret-0123456789abcdef';
const MAX = 1024;
let root: string;
let dir: string;
let clock: number;
let storage: LocalStorageDriver;
let app: FastifyInstance;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'local-routes-'));
  dir = path.join(root, 'media');
  clock = Date.UTC(2030, 0, 1);
  storage = createLocalStorage({
    dir,
    secret: SECRET,
    now: () => clock,
  });
  app = Fastify();
  // A route outside the plugin: its JSON parsing must be unaffected by the plugin's raw parser.
  app.post('/echo', async (request) => ({ got: request.body }));
  await app.register(localStorageRoutes, { storage, dir, maxBytes: MAX });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

/** A request over loopback with the path sent byte for byte (no client-side normalisation). */
async function rawRequest(
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string,
) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function pathAndQuery(url: string): string {
  const u = new URL(url, 'http://any-host.example');
  return u.pathname + u.search;
}

describe('GET /media/*', () => {
  it('serves stored objects with immutable caching and nosniff', async () => {
    const body = Buffer.from('RIFF....WEBPfake');
    const { url } = await storage.put('avatars/u1/id-thumb.webp', body, 'image/webp');
    const res = await app.inject({ method: 'GET', url: pathAndQuery(url) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('does not serve missing files, hidden temp files or files outside the directory', async () => {
    await writeFile(path.join(root, 'outside.txt'), 'secret');
    await storage.put('a/b.txt', Buffer.from('x'), 'text/plain');
    await writeFile(path.join(dir, 'a', '.b.txt.123.tmp'), 'partial');
    expect((await app.inject({ method: 'GET', url: '/media/a/missing.txt' })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/media/a/.b.txt.123.tmp' })).statusCode,
    ).not.toBe(200);
    // light-my-request resolves '..' in the path itself; an encoded slash keeps it for the route.
    const res = await app.inject({ method: 'GET', url: '/media/..%2Foutside.txt' });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('secret');
    // Over a real socket Node passes '..' through untouched, as an attacker would send it.
    for (const rawPath of [
      '/media/../outside.txt',
      '/media/a/../../outside.txt',
      '/media/%2e%2e/outside.txt',
    ]) {
      const raw = await rawRequest('GET', rawPath);
      expect(raw.status, rawPath).not.toBe(200);
      expect(raw.body).not.toContain('secret');
    }
  });
});

describe('PUT /media-upload/*', () => {
  it('stores the body when the link is valid', async () => {
    const target = await storage.createUploadUrl('uploads/u1/pic.png', 'image/png');
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const res = await app.inject({
      method: 'PUT',
      url: pathAndQuery(target.url),
      headers: target.headers,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      key: 'uploads/u1/pic.png',
      url: '/media/uploads/u1/pic.png',
    });
    expect(await readFile(path.join(dir, 'uploads/u1/pic.png'))).toEqual(body);
  });

  it('accepts JSON-typed uploads as raw bytes, and leaves JSON parsing elsewhere intact', async () => {
    const target = await storage.createUploadUrl('data/u1/x.json', 'application/json');
    const res = await app.inject({
      method: 'PUT',
      url: pathAndQuery(target.url),
      headers: target.headers,
      payload: '{"a":1}',
    });
    expect(res.statusCode).toBe(201);
    expect((await readFile(path.join(dir, 'data/u1/x.json'))).toString()).toBe('{"a":1}');

    const echo = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(echo.json()).toEqual({ got: { a: 1 } });
    const other = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'image/png' },
      payload: 'x',
    });
    expect(other.statusCode).toBe(415);
  });

  it('refuses tampered, expired and unsigned links with 403', async () => {
    const target = await storage.createUploadUrl('uploads/u1/pic.png', 'image/png', {
      expiresInSeconds: 30,
    });
    const u = new URL(target.url, 'http://any-host.example');
    const tampered = new URL(u);
    tampered.pathname = '/media-upload/uploads/u2/pic.png';
    const badSig = new URL(u);
    badSig.searchParams.set('sig', 'a'.repeat(64));
    const cases = [pathAndQuery(tampered.href), pathAndQuery(badSig.href), u.pathname];
    for (const url of cases) {
      const res = await app.inject({ method: 'PUT', url, headers: target.headers, payload: 'x' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This upload link is invalid or has expired.');
    }
    clock += 31_000;
    const expired = await app.inject({
      method: 'PUT',
      url: pathAndQuery(target.url),
      headers: target.headers,
      payload: 'x',
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This upload link is invalid or has expired.');
    expect(existsSync(path.join(dir, 'uploads'))).toBe(false);
  });

  it('refuses a body whose content type differs from the signed one', async () => {
    const target = await storage.createUploadUrl('uploads/u1/pic.png', 'image/png');
    const res = await app.inject({
      method: 'PUT',
      url: pathAndQuery(target.url),
      headers: { 'content-type': 'text/html' },
      payload: '<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(415);
    expect(existsSync(path.join(dir, 'uploads/u1/pic.png'))).toBe(false);
  });

  it('answers 413 with a message when the body is larger than maxBytes', async () => {
    const target = await storage.createUploadUrl('uploads/u1/big.bin', 'application/octet-stream');
    const url = pathAndQuery(target.url);
    const big = Buffer.alloc(MAX + 1, 7);
    const declared = await app.inject({
      method: 'PUT',
      url,
      headers: target.headers,
      payload: big,
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toMatch(/too large/i);
    // Without a Content-Length the limit is enforced while the body streams in.
    const streamed = await app.inject({
      method: 'PUT',
      url,
      headers: target.headers,
      payload: Readable.from([big.subarray(0, 600), big.subarray(600)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toMatch(/too large/i);
    expect(existsSync(path.join(dir, 'uploads/u1/big.bin'))).toBe(false);

    const exact = await app.inject({
      method: 'PUT',
      url,
      headers: target.headers,
      payload: Buffer.alloc(MAX, 7),
    });
    expect(exact.statusCode).toBe(201);
  });

  it('refuses traversal keys even when correctly signed', async () => {
    const key = '../escape.txt';
    const expires = String(clock / 1000 + 60);
    const ct = 'text/plain';
    const sig = createHmac('sha256', SECRET).update(`${key}|${expires}|${ct}`).digest('hex');
    const query = `?expires=${expires}&ct=${encodeURIComponent(ct)}&sig=${sig}`;
    const viaInject = await app.inject({
      method: 'PUT',
      url: `/media-upload/..%2Fescape.txt${query}`,
      headers: { 'content-type': ct },
      payload: 'pwned',
    });
    expect(viaInject.statusCode).toBe(403);
    for (const rawPath of [
      `/media-upload/../escape.txt${query}`,
      `/media-upload/%2E%2E/escape.txt${query}`,
    ]) {
      const raw = await rawRequest('PUT', rawPath, { 'content-type': ct }, 'pwned');
      expect(raw.status, rawPath).toBeGreaterThanOrEqual(400);
      expect(raw.status, rawPath).toBeLessThan(500);
    }
    expect(existsSync(path.join(root, 'escape.txt'))).toBe(false);
  });
});
