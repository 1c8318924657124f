import type { Browser, Page } from '@playwright/test';
import { commentsApi } from '../../src/shared/api/comments';
import { MESSAGES } from '../../src/shared/messages';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  modal,
  nextClientIp,
  okayModal,
  reloadUntil,
  test,
} from './support';
import { ADMIN, MAYA, apiLogin, createPost } from './catalog-support';
import { expectAccessible } from './axe';
import { hydrated, registerSeller } from './site-support';

// Moderated comments (issue 11 §3, docs/decisions/020): a buyer comments on a seller's post and
// sees it waiting for review; the seller approves it on /comments and it turns public; a reply
// threads under it.

/** The badge of a comment waiting for review. */
const PENDING = 'Waiting for review';

const SAM = { email: 'sam@demo.storefront.test', password: DEMO_PASSWORD };

/** A browser context of its own (client address, cookies), signed in as `who` when given. */
async function visitor(
  browser: Browser,
  baseURL: string | undefined,
  who?: typeof SAM,
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  const token = who ? await apiLogin(page.request, who) : '';
  /** POST /comment as this visitor: a comment on `productId`. */
  const comment = (productId: string, text: string) =>
    apiClient(page.request, { token }).call(commentsApi.createComment, {
      body: { comment: { productId, text } },
    });
  return { page, token, comment, close: () => context.close() };
}

const comments = (page: Page) => page.locator('#comments');
/** The top-level comments of the thread (replies are inside them). */
const threads = (page: Page) => comments(page).locator(':scope > ol > li');

/** Runs the JavaScript-budget check of budget.spec.ts on one page. */
async function scriptBytes(page: Page, path: string): Promise<number> {
  const sizes = new Map<string, Promise<number>>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.set(
      new URL(request.url()).pathname,
      request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize),
    );
  });
  await page.goto(path);
  await expect
    .poll(() => page.locator('link[rel="prefetch"]').count(), { message: 'the idle prefetch' })
    .toBeGreaterThan(0);
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  await expect.poll(() => preloaded.filter((m) => !sizes.has(m))).toEqual([]);
  return (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
}

test('a buyer comments, the seller approves it on /comments, it turns public and a reply threads under it', async ({
  browser,
  baseURL,
}) => {
  // Twice, an anonymous visitor waits seconds for a soft change to reach the cached page.
  test.slow();
  const maya = await visitor(browser, baseURL, MAYA);
  const sam = await visitor(browser, baseURL, SAM);
  const anonymous = await visitor(browser, baseURL);
  try {
    const post = await createPost(maya.page.request, maya.token, {
      title: 'Speckled stoneware jug',
      description: 'Holds a litre.',
      price: 38,
      shippingCost: 6,
      _tags: [],
      variations: [],
      stock: 2,
    });
    const path = post.path;

    // Signed out: the (empty) thread and a log-in link that comes back here.
    await anonymous.page.goto(path);
    await expect(comments(anonymous.page)).toContainText('No comments yet');
    await expect(anonymous.page.getByRole('link', { name: 'Log in to comment' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(path)}`,
    );

    // Sam comments: the submitted modal, then his comment marked as waiting for review.
    await sam.page.goto(path);
    await hydrated(sam.page);
    const form = sam.page.getByTestId('comment-form');
    await form.getByLabel('Your comment').fill('Is the glaze food safe?');
    await form.getByRole('button', { name: 'Send comment' }).click();
    await okayModal(sam.page, MESSAGES.commentSubmitted);
    const samsComment = threads(sam.page).first();
    await expect(samsComment).toContainText('Is the glaze food safe?');
    await expect(samsComment).toContainText(PENDING);
    await expect(form.getByLabel('Your comment')).toHaveValue('');

    // Nobody else sees it yet.
    await anonymous.page.reload();
    await expect(comments(anonymous.page)).toContainText('No comments yet');
    await expect(comments(anonymous.page)).not.toContainText('Is the glaze food safe?');

    // Maya finds it on /comments, which opens on "To review" while something waits, and approves it.
    await maya.page.goto('/comments');
    await expect(maya.page.getByTestId('comments-tab-review')).toHaveAttribute(
      'aria-current',
      'page',
    );
    const card = maya.page
      .getByTestId('comment-card')
      .filter({ hasText: 'Is the glaze food safe?' });
    await expect(card).toContainText('Sam Rivera');
    await expect(card).toContainText('Speckled stoneware jug');
    await expectAccessible(maya.page, '/comments?tab=review (a comment to review)');
    await card.getByRole('button', { name: /^Approve/ }).click();
    await okayModal(maya.page, MESSAGES.commentApproved);
    await expect(card).toBeHidden();
    // (The demo keeps one other comment waiting for maya: the queue's empty state is checked below.)

    // Now everyone sees it — the cached copy of the seller's page is rendered again within seconds.
    await reloadUntil(anonymous.page, () =>
      expect(threads(anonymous.page)).toHaveCount(1, { timeout: 1_000 }),
    );
    await expect(threads(anonymous.page).first()).toContainText('Is the glaze food safe?');
    await expect(threads(anonymous.page).first()).not.toContainText(PENDING);

    // Maya answers on her post: the reply target shows above the form, and clears after sending.
    await maya.page.goto(path);
    await hydrated(maya.page);
    await threads(maya.page).first().getByRole('button', { name: 'Reply to Sam Rivera' }).click();
    const target = maya.page.getByTestId('comment-reply-target');
    await expect(target).toContainText('Replying to Sam Rivera');
    const mayaForm = maya.page.getByTestId('comment-form');
    await mayaForm.getByLabel('Your reply to Sam Rivera').fill('Yes — lead-free, dishwasher safe.');
    await mayaForm.getByRole('button', { name: 'Send reply' }).click();
    // Her own comment on her own post needs no review.
    await okayModal(maya.page, MESSAGES.commentPublished);
    await expect(target).toBeHidden();
    await expect(mayaForm.getByLabel('Your comment')).toHaveValue('');

    // The reply threads under Sam's comment, for everyone (within seconds, as above).
    await reloadUntil(anonymous.page, () =>
      expect(comments(anonymous.page).getByRole('heading', { level: 2 })).toHaveText(
        'Comments (2)',
        { timeout: 1_000 },
      ),
    );
    const thread = threads(anonymous.page).first();
    await expect(thread.getByRole('list', { name: 'Replies to Sam Rivera' })).toContainText(
      'Yes — lead-free, dishwasher safe.',
    );
    await expect(threads(anonymous.page)).toHaveCount(1);
    await expect(comments(anonymous.page).getByRole('heading', { level: 2 })).toHaveText(
      'Comments (2)',
    );
    await expectAccessible(anonymous.page, `${path} with comments (signed out)`);

    // Sam sees both on /comments (his own, approved) and on the post page, with the form.
    await sam.page.goto('/comments');
    const mine = sam.page.getByTestId('comment-card').first();
    await expect(mine).toContainText('Is the glaze food safe?');
    await expect(mine.getByTestId('comment-status')).toHaveText('Approved');
    await expectAccessible(sam.page, '/comments (my comments)');
    await sam.page.goto(path);
    await expect(threads(sam.page).first()).toContainText('Yes — lead-free, dishwasher safe.');
    await expectAccessible(sam.page, `${path} with comments and the form (signed in)`);
  } finally {
    await Promise.all([maya.close(), sam.close(), anonymous.close()]);
  }
});

test('a seller with nothing to review sees the empty queue, which says so', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL);
  await (await registerSeller(page.request)).activate();
  await page.goto('/comments?tab=review');
  await expect(page.getByText('No comments are waiting for your review.')).toBeVisible();
  await expectAccessible(page, '/comments?tab=review (empty)');
});

test('the reply target clears after a failed attempt, and the error modal shows the server’s message', async ({
  browser,
  baseURL,
}) => {
  const maya = await visitor(browser, baseURL, MAYA);
  const sam = await visitor(browser, baseURL, SAM);
  try {
    const post = await createPost(maya.page.request, maya.token, {
      title: 'Ash serving board',
      description: '',
      price: 24,
      shippingCost: 0,
      _tags: [],
      variations: [],
      stock: 1,
    });
    // Maya's own comment is public at once; Sam replies to it with only spaces.
    await maya.comment(post._id, 'Oiled with linseed.');
    await sam.page.goto(`/products/${post._id}`);
    await hydrated(sam.page);
    await threads(sam.page).first().getByRole('button', { name: 'Reply to Maya Chen' }).click();
    const form = sam.page.getByTestId('comment-form');
    await form.getByLabel('Your reply to Maya Chen').fill('   ');
    await form.getByRole('button', { name: 'Send reply' }).click();
    // One error for one problem: under the field (focused), no modal on top of it.
    await expect(form.getByTestId('comment-error')).toHaveText(
      'Write something before sending your comment.',
    );
    await expect(sam.page.locator('[data-modal-type]')).toHaveCount(0);
    await expect(sam.page.getByTestId('comment-reply-target')).toBeHidden();
    const box = form.getByLabel('Your comment');
    await expect(box).toBeFocused();
    await expect(box).toHaveAccessibleDescription(/Write something before sending your comment\./);
    // The error goes as soon as the text is valid.
    await box.fill('Lovely grain.');
    await expect(form.getByTestId('comment-error')).toBeHidden();
  } finally {
    await Promise.all([maya.close(), sam.close()]);
  }
});

test('the owner reviews on the post page, moderators see every pending comment, authors delete their own', async ({
  browser,
  baseURL,
}) => {
  const maya = await visitor(browser, baseURL, MAYA);
  const sam = await visitor(browser, baseURL, SAM);
  const admin = await visitor(browser, baseURL, ADMIN);
  try {
    const post = await createPost(maya.page.request, maya.token, {
      title: 'Linen apron',
      description: '',
      price: 30,
      shippingCost: 0,
      _tags: [],
      variations: [],
      stock: 4,
    });
    await sam.comment(post._id, 'Does it come in navy?');
    await sam.comment(post._id, 'Spam spam spam');

    // Moderators and admins see both in "All pending".
    await admin.page.goto('/comments?tab=all');
    await expect(admin.page.getByTestId('comments-tab-all')).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const text of ['Does it come in navy?', 'Spam spam spam'])
      await expect(admin.page.getByTestId('comment-card').filter({ hasText: text })).toBeVisible();
    await expectAccessible(admin.page, '/comments?tab=all');

    // Maya sees them on her post, marked, with Approve and Reject; she rejects the spam.
    await maya.page.goto(post.path);
    await hydrated(maya.page);
    const spam = threads(maya.page).filter({ hasText: 'Spam spam spam' });
    await expect(spam).toContainText(PENDING);
    await spam.getByRole('button', { name: 'Reject the comment of Sam Rivera' }).click();
    await okayModal(maya.page, MESSAGES.commentRemoved);
    await expect(spam).toBeHidden();
    const navy = threads(maya.page).filter({ hasText: 'Does it come in navy?' });
    await navy.getByRole('button', { name: 'Approve the comment of Sam Rivera' }).click();
    await okayModal(maya.page, MESSAGES.commentApproved);
    await expect(navy).not.toContainText(PENDING);

    // Sam deletes his approved comment from /comments, after the confirm.
    await sam.page.goto('/comments');
    const card = sam.page.getByTestId('comment-card').filter({ hasText: 'Does it come in navy?' });
    await expect(card.getByTestId('comment-status')).toHaveText('Approved');
    await expect(
      sam.page
        .getByTestId('comment-card')
        .filter({ hasText: 'Spam spam spam' })
        .getByTestId('comment-status'),
    ).toHaveText('Removed');
    await card.getByRole('button', { name: 'Delete this comment' }).click();
    await expect(modal(sam.page)).toContainText(MESSAGES.confirmIrreversible);
    await modal(sam.page).getByRole('button', { name: 'Okay' }).click();
    await okayModal(sam.page, MESSAGES.commentRemoved);
    await expect(card).toBeHidden();
    await sam.page.goto(post.path);
    await expect(comments(sam.page)).toContainText('No comments yet');
  } finally {
    await Promise.all([maya.close(), sam.close(), admin.close()]);
  }
});

test('the thread reads without JavaScript, and the post pages stay within the JavaScript budget', async ({
  browser,
  baseURL,
}) => {
  const maya = await visitor(browser, baseURL, MAYA);
  try {
    const post = await createPost(maya.page.request, maya.token, {
      title: 'Budget-checked bowl',
      description: '',
      price: 12,
      shippingCost: 0,
      _tags: [],
      variations: [],
      stock: 1,
    });
    await maya.comment(post._id, 'Glazed inside and out.');
    // The thread is in the HTML: readable without JavaScript.
    const noJs = await visitor(browser, baseURL, undefined, false);
    try {
      await noJs.page.goto(post.path);
      await expect(threads(noJs.page)).toHaveCount(1);
      await expect(threads(noJs.page).first()).toContainText('Maya Chen');
      await expect(threads(noJs.page).first()).toContainText('Glazed inside and out.');
      await expect(noJs.page.getByRole('link', { name: 'Log in to comment' })).toBeVisible();
    } finally {
      await noJs.close();
    }
    for (const path of [post.path, `/products/${post._id}`]) {
      const anonymous = await visitor(browser, baseURL);
      try {
        const bytes = await scriptBytes(anonymous.page, path);
        await expect(comments(anonymous.page)).toContainText('Glazed inside and out.');
        expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(130 * 1024);
      } finally {
        await anonymous.close();
      }
    }
  } finally {
    await maya.close();
  }
});
