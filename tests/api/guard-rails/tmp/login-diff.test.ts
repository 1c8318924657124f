import fc from 'fast-check';
import sharp from 'sharp';
import { it } from 'vitest';
import { createTestApp } from '../../../helpers/app';
import { nextIp } from '../../../factories/accounts';
import { Callers } from '../../../helpers/fuzz/callers';
import { caseArbitrary } from '../../../helpers/fuzz/requests';
import { catalogueEndpoint, resolveCase, toInject } from '../../../helpers/fuzz/send';
it('diff', async () => {
  const t = await createTestApp();
  const callers = await Callers.create(t);
  const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a7' } }).png().toBuffer();
  const route = t.app.apiRoutes.find((r) => r.url === '/api/v1/login')!;
  const key = `${route.method} ${route.url}`;
  let h = 0x811c9dc5 ^ 20250611;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  const cases = fc.sample(caseArbitrary(route, { png, multipartBody: catalogueEndpoint(route)?.body }), { seed: h | 0, numRuns: 180 });
  for (const [i, raw] of cases.entries()) {
    const c = resolveCase(raw, callers.known);
    const res = await t.app.inject(toInject(route, c, callers.headersFor(c.caller), nextIp()));
    console.log(`CASE ${i} ${res.statusCode} ${c.kind} ${JSON.stringify(c.body).slice(0, 150)} ${res.body.slice(0, 150)}`);
  }
  await t.close();
}, 120000);
