import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support';

test('the API docs are an interactive viewer that works under our CSP, from our own assets', async ({
  page,
}) => {
  const problems: string[] = [];
  const requested: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('request', (req) => requested.push(req.url()));
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  // The document is loaded and rendered: its title and an operation of the accounts API.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('API');
  await expect(page.getByText('/api/v1/login', { exact: true }).first()).toBeVisible();
  const origin = new URL(response!.url()).origin;
  const foreign = requested.filter(
    (url) => !url.startsWith('data:') && new URL(url).origin !== origin,
  );
  expect(foreign).toEqual([]);
  expect(problems).toEqual([]);
});

test('the API docs meet WCAG 2.2 AA contrast and target sizes (Swagger UI restyled)', async ({
  page,
}) => {
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Swagger UI's own markup puts a copy link inside each operation's expand control; that is
    // the viewer's structure, not something a stylesheet can change.
    .disableRules(['nested-interactive'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
