import { chromium } from '@playwright/test';
const base = process.env.BASE || 'http://127.0.0.1:3500';
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const p of pages) {
  const page = await browser.newPage();
  const sizes = new Map();
  page.on('requestfinished', (r) => { if (r.resourceType() === 'script') sizes.set(new URL(r.url()).pathname, r.sizes().then(s => [s.responseBodySize, s.responseHeadersSize])); });
  await page.goto(base + p);
  await page.waitForTimeout(4500);
  let tot = 0; const rows = [];
  for (const [k, v] of sizes) { const [b, h] = await v; tot += b + h; rows.push([b + h, k]); }
  rows.sort((a,b)=>b[0]-a[0]);
  console.log(p, (tot/1024).toFixed(2), 'KB', tot);
  for (const r of rows) console.log('   ', r[0], r[1]);
  await page.close();
}
await browser.close();
