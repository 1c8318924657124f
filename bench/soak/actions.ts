// What a simulated user does, one action at a time: browse pages and lists, search, like,
// follow, comment, publish a post with a photo through the signed upload flow, and buy with the
// embedded payment driver's test card. Every write goes into the ledger with what it was told.
import { catalogApi, commentsApi, commerceApi, socialApi } from '../../src/shared/api';
import { BUYER_ADDRESS, VISA } from '../../tests/helpers/checkout-data';
import { api, page, putSigned, type Recorder } from './client';
import type { Ledger } from './ledger-book';
import type { SimUser, World } from './users';

export interface Ctx {
  rec: Recorder;
  ledger: Ledger;
  world: World;
  users: SimUser[];
  /** The photo every upload sends (a small JPEG: the drill measures the flow, not the encoder). */
  photo: Buffer;
}

type Action = (u: SimUser, ctx: Ctx) => Promise<void>;

const pick = <T>(u: SimUser, items: readonly T[]): T => items[Math.floor(u.random() * items.length)]!;
const SEARCHES = ['mug', 'vase', 'sound card', 'ceramic', 'vintage', 'bowl', 'print', 'retro', 'glaze', 'graphics', 'enamel pin'];

async function browsePage(u: SimUser, { rec, world }: Ctx) {
  const post = pick(u, world.posts);
  const pages: [string, string][] = [
    ['/', '/'],
    ['/marketplace', '/marketplace'],
    ['/all-posts', '/all-posts'],
    [`/${post.seller}`, '/:username'],
    [`/products/${post.id}`, '/products/:id'],
    [`/${post.seller}/${post.id}`, '/:username/:id'],
  ];
  const [path, route] = pick(u, pages);
  await page(rec, u, path, route);
}

async function browseList(u: SimUser, { rec, world }: Ctx) {
  const post = pick(u, world.posts);
  const lists = [
    () => api(rec, u, catalogApi.products, { query: { page: 1 + Math.floor(u.random() * 3), limit: 20 } }),
    () => api(rec, u, catalogApi.productsByUser, { params: { username: post.seller }, query: {} }),
    () => api(rec, u, catalogApi.productsByTag, { params: { tag: pick(u, world.tags) }, query: {} }),
    () => api(rec, u, catalogApi.product, { params: { id: post.id } }),
    () => api(rec, u, commentsApi.postComments, { query: { productId: post.id } }),
    () => api(rec, u, socialApi.followingPosts, { query: {} }),
  ];
  await pick(u, lists)();
}

async function search(u: SimUser, { rec }: Ctx) {
  await api(rec, u, catalogApi.search, { body: { query: pick(u, SEARCHES), limit: 20 } });
}

async function like(u: SimUser, { rec, ledger, world }: Ctx) {
  const fresh = world.posts.filter((p) => !u.touchedLikes.has(p.id));
  if (fresh.length === 0) return;
  const post = pick(u, fresh);
  // Likes toggle: a post whose first like had an unknown outcome is never clicked again.
  u.touchedLikes.add(post.id);
  const res = await api(rec, u, socialApi.likeProduct, { body: { id: post.id } });
  // "Unliked" on a first click: the like was applied twice (a resend after a lost answer).
  const twice = res.data !== null && !res.data.liked;
  ledger.record('like', `${u.id}:${post.id}`, twice ? 0 : res.status);
  if (twice) ledger.anomaly(`${u.username}'s first like of ${post.id} answered liked: false (applied twice)`);
}

async function follow(u: SimUser, { rec, ledger, world, users }: Ctx) {
  const candidates = [...world.sellers, ...users].filter((m) => m.id !== u.id && !u.touchedFollows.has(m.id));
  if (candidates.length === 0) return;
  const member = pick(u, candidates);
  u.touchedFollows.add(member.id);
  const res = await api(rec, u, socialApi.follow, { body: { id: member.id } });
  const twice = res.data !== null && !res.data.following;
  ledger.record('follow', `${u.id}:${member.id}`, twice ? 0 : res.status);
  if (twice) ledger.anomaly(`${u.username}'s first follow of ${member.id} answered following: false (applied twice)`);
}

async function comment(u: SimUser, { rec, ledger, world }: Ctx) {
  const post = pick(u, world.posts);
  const text = `Soak ${world.runId} comment ${u.index}.${++u.writes}: how soon can it ship?`;
  const res = await api(rec, u, commentsApi.createComment, { body: { comment: { productId: post.id, text } } });
  ledger.record('comment', text, res.status);
}

/** A draft post, a signed upload URL, the bytes straight to storage, then the photo added to the post. */
async function upload(u: SimUser, { rec, ledger, world, photo }: Ctx) {
  const title = `Soak ${world.runId} post ${u.index}.${++u.writes}`;
  const saved = await api(rec, u, catalogApi.saveProduct, {
    body: { title, description: 'Posted by the fault drill.', price: 12, stock: 1, status: 'draft' },
  });
  ledger.record('post', title, saved.status);
  if (!saved.data) return;
  const productId = saved.data.product._id;
  const target = await api(rec, u, catalogApi.uploadUrl, { params: { ext: 'jpg' }, query: { productId } });
  if (!target.data) return;
  if ((await putSigned(rec, target.data, photo)) !== 200) return;
  const known = new Set(saved.data.product.medias.map((m) => m._id));
  const added = await api(rec, u, catalogApi.addProductMedia, { body: { productId, key: target.data.key, alt: 'A test photo' } });
  const media = added.data?.product.medias.find((m) => !known.has(m._id));
  if (added.data && !media) ledger.anomaly(`adding a photo to ${productId} answered 200 without a new photo`);
  else ledger.record('media', `${productId}:${media?._id ?? '?'}`, added.status);
}

/** The checkout's calls: address (once), cart refresh, order, payment intent, card confirmation. */
async function buy(u: SimUser, { rec, ledger, world }: Ctx) {
  if (!u.addressId) {
    const created = await api(rec, u, commerceApi.createAddress, { body: { address: BUYER_ADDRESS } });
    if (!created.data) return;
    u.addressId = created.data.address._id;
  }
  const line = { _id: pick(u, world.shopPosts), amount: 1, selectedVariations: {} };
  await api(rec, u, commerceApi.refreshCart, { body: { items: [{ ...line, price: 0, shippingCost: 0 }] } });
  const placed = await api(rec, u, commerceApi.createOrder, { body: { items: [line], shippingAddressId: u.addressId } });
  if (!placed.data) return;
  const orderId = placed.data.order._id;
  ledger.record('order', orderId, placed.status);
  const intent = await api(rec, u, commerceApi.createPaymentIntent, { body: { orderId } });
  if (!intent.data) return;
  const confirm = () =>
    api(rec, u, commerceApi.confirmLocalPayment, { body: { paymentIntentId: intent.data!.paymentIntentId, card: VISA } });
  let paid = await confirm();
  // A confirmation with no clear answer is sent again, as the card form does: it must not charge twice.
  if (paid.status === 0 || paid.status >= 500) {
    await new Promise((r) => setTimeout(r, (paid.retryAfterSeconds ?? 2) * 1000));
    paid = await confirm();
  }
  ledger.record('payment', orderId, paid.status);
}

/** The mix: mostly reading, as on a real shop; weights are relative. */
export const ACTIONS: [number, string, Action][] = [
  [25, 'browse a page', browsePage],
  [20, 'browse a list', browseList],
  [12, 'search', search],
  [10, 'like', like],
  [6, 'follow', follow],
  [8, 'comment', comment],
  [6, 'upload', upload],
  [13, 'buy', buy],
];

export function chooseAction(u: SimUser): Action {
  const total = ACTIONS.reduce((sum, [w]) => sum + w, 0);
  let roll = u.random() * total;
  for (const [weight, , action] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0]![2];
}
