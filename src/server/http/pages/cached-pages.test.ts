import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../composition/app-deps';
import { loadEnv } from '../../config/env';
import { announceChange } from '../../modules/core';
import { COMPRESSION } from '../api/compression';
import { createPageCache, type PageCache, type RenderPage } from './cached-pages';

/**
 * The render cache's answers with a render the test controls (docs/decisions/044): which visit
 * renders, when that render finishes, and what the clock says — so the order of events is proven,
 * not hoped for. Pages, API and database are the production ones in tests/api/render-cache.test.ts.
 */
const OWNER = 'owner-1';
const FLOOR = 5_000;

interface Render {
  mode: 'visit' | 'background';
  finish(html: string): void;
}

let app: FastifyInstance;
let pages: PageCache;
let now = 1_000_000;
/** Renders asked for and not finished yet, oldest first. */
let renders: Render[];

beforeEach(async () => {
  renders = [];
  app = Fastify();
  await app.register(cookie);
  const env = loadEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', SEED_DEMO: 'false' });
  app.decorate('deps', { env, now: () => now } as unknown as AppDeps);
  pages = createPageCache(app, { refreshFloorMs: FLOOR });
  // The seller is known: no database look-up for whose page it is.
  pages.store.rememberOwner('maya', OWNER);
  const render: RenderPage = (mode) =>
    new Promise((resolve) => {
      renders.push({
        mode,
        finish: (html) =>
          resolve(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })),
      });
    });
  app.get('/*', (request, reply) => {
    const plan = pages.plan(request, reply, { kind: 'app' }, request.url, new Set())!;
    return pages.respond(request, reply, plan, render, (response, body) =>
      reply.status(response.status).type('text/html').send(body),
    );
  });
  await app.ready();
});
afterEach(() => app.close());

const visit = () => app.inject({ url: '/maya', headers: { 'accept-encoding': 'identity' } });
const cacheOf = (res: { headers: Record<string, unknown> }) => res.headers['x-render-cache'];
const softChange = () =>
  announceChange(
    { env: app.deps.env, log: app.log },
    { kind: 'user', userIds: [OWNER], soft: true },
  );

/** Yields until `count` renders are waiting (each visit reaches its render through awaits). */
async function rendersWaiting(count: number) {
  for (let i = 0; i < 100 && renders.length < count; i++) await new Promise(setImmediate);
  expect(renders).toHaveLength(count);
}

/** A first visit rendered and kept: `html` served from the cache from now on. */
async function warm(html: string) {
  const first = visit();
  await rendersWaiting(1);
  renders.shift()!.finish(html);
  expect(cacheOf(await first)).toBe('miss');
  await pages.store.settled();
}

describe('stale-while-revalidate', () => {
  it('serves the old page after a soft change while one background render replaces it', async () => {
    await warm('<p>3 likes</p>');
    softChange();
    // Within the floor since the render: the old page, and no render.
    const early = await visit();
    expect([cacheOf(early), early.body]).toEqual(['revalidate', '<p>3 likes</p>']);
    expect(renders).toHaveLength(0);

    now += FLOOR;
    // Past it: six visitors together get the old page at once; one render starts behind them.
    const answers = await Promise.all(Array.from({ length: 6 }, visit));
    expect(answers.map((a) => [cacheOf(a), a.body])).toEqual(
      Array(6).fill(['revalidate', '<p>3 likes</p>']),
    );
    await rendersWaiting(1);
    expect(renders[0]!.mode).toBe('background');
    // Still rendering: still the old page, still one render.
    expect((await visit()).body).toBe('<p>3 likes</p>');
    expect(renders).toHaveLength(1);

    renders.shift()!.finish('<p>4 likes</p>');
    await pages.store.settled();
    const after = await visit();
    expect([cacheOf(after), after.body]).toEqual(['hit', '<p>4 likes</p>']);
  });

  it('re-renders a page liked every 200 ms at most once per floor', async () => {
    await warm('<p>v0</p>');
    let rendered = 0;
    for (let ms = 0; ms < 3 * FLOOR; ms += 200) {
      now += 200;
      softChange();
      expect((await visit()).statusCode).toBe(200);
      await new Promise(setImmediate);
      for (const render of renders.splice(0)) {
        rendered += 1;
        render.finish(`<p>v${rendered}</p>`);
      }
      await pages.store.settled();
    }
    expect(rendered).toBe(3);
  });

  it('serves a page past its TTL while it is rendered again, and makes visitors wait only far past it', async () => {
    await warm('<p>old</p>');
    now += pages.store.limits.ttlMs;
    const expired = await visit();
    expect([cacheOf(expired), expired.body]).toEqual(['revalidate', '<p>old</p>']);
    await rendersWaiting(1);
    renders.shift()!.finish('<p>new</p>');
    await pages.store.settled();
    expect((await visit()).body).toBe('<p>new</p>');

    now += pages.store.limits.ttlMs + pages.store.limits.staleWhileRevalidateMs;
    const waited = visit();
    await rendersWaiting(1);
    expect(renders[0]!.mode).toBe('visit');
    renders.shift()!.finish('<p>newest</p>');
    expect(cacheOf(await waited)).toBe('miss');
  });

  it('drops the page on a hard change: the next visit waits for its render', async () => {
    await warm('<p>Old title</p>');
    announceChange({ env: app.deps.env, log: app.log }, { kind: 'catalog', userIds: [OWNER] });
    const next = visit();
    await rendersWaiting(1);
    renders.shift()!.finish('<p>New title</p>');
    const answer = await next;
    expect([cacheOf(answer), answer.body]).toEqual(['miss', '<p>New title</p>']);
  });
});

describe('compression of a kept page', () => {
  it('keeps it at the fast level for the visitors waiting, then swaps in the best level', async () => {
    const html = `<html><body>${'<p class="card">A speckled mug, wheel thrown.</p>'.repeat(400)}</body></html>`;
    const first = visit();
    const waiting = app.inject({ url: '/maya', headers: { 'accept-encoding': 'br' } });
    await rendersWaiting(1);
    renders.shift()!.finish(html);
    await first;
    // The visitor who waited for the render got the page compressed at the on-the-fly level…
    const waited = await waiting;
    expect(cacheOf(waited)).toBe('hit');
    const fast = brotliCompressSync(Buffer.from(html), COMPRESSION.brotli);
    expect(waited.rawPayload.equals(fast)).toBe(true);
    // …and the best level replaced it behind them.
    await pages.store.settled();
    const best = pages.store.read(' notice /maya')!.page.br;
    expect(best.length).toBeLessThan(fast.length);
    expect(brotliDecompressSync(best).toString()).toBe(html);
  });
});

describe('what is a seller’s page', () => {
  it('never plans React Router’s own paths (`/__manifest`, lazy route discovery) as one', async () => {
    let planned: unknown = 'not asked';
    const probe = Fastify();
    probe.get('/*', (request, reply) => {
      planned = pages.plan(request, reply, { kind: 'app' }, request.url, new Set());
      return reply.send('');
    });
    await probe.ready();
    await probe.inject({ url: '/__manifest?paths=%2Flogin&version=abc' });
    expect(planned).toBeNull();
    await probe.inject({ url: '/maya' });
    expect(planned).toMatchObject({ slug: 'maya' });
    await probe.close();
  });
});
