import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { accountsApi } from '../../src/shared/api/accounts';
import { DEMO_PASSWORD, apiClient, expect, nextClientIp, test } from './support';

/**
 * Every text answer is compressed (DESIGN §6, docs/decisions/011): pages and JSON on the fly,
 * hashed bundles from the .br/.gz files the build wrote. Requests go through node:http so that
 * exactly the Accept-Encoding under test is sent and the body is read as it came over the wire.
 */
interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(urlPath, process.env.E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { headers: { 'x-forwarded-for': nextClientIp(), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

function decode(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  if (encoding === undefined) return res.body.toString('utf8');
  throw new Error(`unexpected content-encoding ${encoding}`);
}

const BROWSER = 'gzip, deflate, br, zstd';

test.describe('compression', () => {
  test('pages: brotli when accepted, gzip when only gzip is, as they are when nothing is', async () => {
    const br = await get('/maya', { 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const html = decode(br);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('Maya Chen Ceramics');
    expect(br.body.length).toBeLessThan(html.length / 2);
    // The CSP nonce still reaches the inline scripts.
    const nonce = /'nonce-([^']+)'/.exec(String(br.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);

    const gzip = await get('/maya', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toContain('Maya Chen Ceramics');

    const plain = await get('/maya');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('Maya Chen Ceramics');
  });

  test('error pages keep their status when compressed', async () => {
    const res = await get('/no-such-seller-here', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res)).toContain('data-testid="error-page"');
  });

  test('cookies the session check sets survive a compressed page', async ({ request }) => {
    // A token that is not valid: the page answers signed out and clears both session cookies.
    const cleared = await get('/about', {
      'accept-encoding': BROWSER,
      cookie: 'token=not-a-token',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.headers['content-encoding']).toBe('br');
    const clearing = cleared.headers['set-cookie'] ?? [];
    expect(clearing.some((c) => /^token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(clearing.some((c) => /^refreshToken=;.*Max-Age=0/i.test(c))).toBe(true);

    // Only a refresh cookie: the server rotates it while rendering the signed-in page.
    const login = await apiClient(request).exchange(accountsApi.login, {
      body: { email: 'leo@demo.storefront.test', password: DEMO_PASSWORD },
    });
    const refresh = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('refreshToken='))
      ?.split(';')[0];
    expect(refresh).toBeTruthy();
    const page = await get('/edit-profile', { 'accept-encoding': BROWSER, cookie: refresh! });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const renewed = page.headers['set-cookie'] ?? [];
    expect(renewed.some((c) => /^token=[^;]+;/.test(c) && !/Max-Age=0/i.test(c))).toBe(true);
    expect(renewed.some((c) => /^refreshToken=[^;]+;.*HttpOnly/i.test(c))).toBe(true);
    expect(decode(page)).toContain('data-testid="profile-form"');
  });

  test('JSON answers are compressed above 1 KB; small ones are sent as they are', async () => {
    const docs = await get('/api/docs/json', { 'accept-encoding': BROWSER });
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(docs))).toHaveProperty('openapi');

    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip))).toHaveProperty('paths');

    const health = await get('/api/v1/health', { 'accept-encoding': BROWSER });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  test('hashed bundles are served from the files the build precompressed', async () => {
    const html = decode(await get('/about', { 'accept-encoding': BROWSER }));
    const asset = /\/assets\/vendor-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const file = path.join(process.cwd(), 'build/client', asset!);
    const source = await readFile(file);

    const br = await get(asset!, { 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Byte for byte the build's .br file (brotli 11), not a per-request compression.
    expect(br.body.equals(await readFile(`${file}.br`))).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).equals(source)).toBe(true);

    const gzip = await get(asset!, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(await readFile(`${file}.gz`))).toBe(true);

    const plain = await get(asset!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body.equals(source)).toBe(true);
  });
});
