// The simulated users: each registers through the API from its own address, opens the activation
// link the SMTP sink received, and signs in. A few of them open a shop (a post with a large
// stock) for the others to buy from.
import { accountsApi, catalogApi } from '../../src/shared/api';
import { seededRandom } from '../../tests/helpers/seeded';
import { api, type Caller, type Recorder } from './client';
import type { MailLog } from './mail-log';
import type { Ledger } from './ledger-book';

export const SOAK_PASSWORD = 'soak-pass-123';
/** Every address of the drill's users: their mail and orders are told apart by it. */
export const SOAK_MAIL_DOMAIN = 'soak.storefront.test';
const SHOPS = 5;

export interface SimUser extends Caller {
  index: number;
  id: string;
  username: string;
  email: string;
  token: string;
  random: () => number;
  /** Posts and members this user has already liked or followed, or tried to (the outcome may be unknown). */
  touchedLikes: Set<string>;
  touchedFollows: Set<string>;
  addressId?: string;
  /** Counts this user's writes, to make each one's text unique. */
  writes: number;
}

/** The shared things users act on: posts to browse and buy, members to follow. */
export interface World {
  runId: string;
  posts: { id: string; seller: string }[];
  shopPosts: string[];
  sellers: { id: string; username: string }[];
  tags: string[];
}

/** 10.a.b.c: a distinct client address per user, so per-IP limits see 100 people, not one. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

async function onboard(rec: Recorder, mail: MailLog, ledger: Ledger, runId: string, index: number, seed: number): Promise<SimUser> {
  const ip = addressOf(index);
  const username = `soak${runId}u${index}`;
  const email = `${username}@${SOAK_MAIL_DOMAIN}`;
  const reg = await api(rec, { ip }, accountsApi.register, {
    body: { username, name: `Soak User ${index}`, email, password: SOAK_PASSWORD, accountType: 'both' },
  });
  ledger.record('register', username, reg.status);
  if (!reg.ok) throw new Error(`registering ${username}: ${reg.status} ${reg.code ?? ''}`);
  const link = await mail.waitForLink(email, /\/users\/activate-account\?token=/, 60_000);
  if (!link) throw new Error(`no activation mail reached the SMTP sink for ${email} within 60 s`);
  const token = new URL(link).searchParams.get('token') ?? '';
  const activated = await api(rec, { ip }, accountsApi.activateAccount, { query: { token } });
  if (!activated.ok) throw new Error(`activating ${username}: ${activated.status} ${activated.code ?? ''}`);
  const login = await api(rec, { ip }, accountsApi.login, { body: { email, password: SOAK_PASSWORD } });
  if (!login.data) throw new Error(`signing in ${username}: ${login.status} ${login.code ?? ''}`);
  return {
    index,
    ip,
    id: login.data.user._id,
    username,
    email,
    token: login.data.user.token,
    random: seededRandom(seed * 1000 + index),
    touchedLikes: new Set(),
    touchedFollows: new Set(),
    writes: 0,
  };
}

/** Registers, activates and signs in `count` users, `parallel` at a time. */
export async function onboardUsers(rec: Recorder, mail: MailLog, ledger: Ledger, runId: string, count: number, seed: number) {
  const users: SimUser[] = [];
  const parallel = 20;
  for (let first = 0; first < count; first += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - first) }, (_, k) => first + k);
    users.push(...(await Promise.all(batch.map((i) => onboard(rec, mail, ledger, runId, i, seed)))));
  }
  return users;
}

/** Opens the shops and reads what there is to browse (the demo's posts and sellers, the shops). */
export async function buildWorld(rec: Recorder, users: SimUser[], runId: string): Promise<World> {
  const shopPosts: string[] = [];
  for (const owner of users.slice(0, SHOPS)) {
    const saved = await api(rec, owner, catalogApi.saveProduct, {
      body: {
        title: `Soak shop ${runId} ${owner.index}: enamel pin`,
        description: 'A pin for the fault drill, in stock for everyone.',
        price: 5 + owner.index,
        shippingCost: 2,
        stock: 1_000_000,
        _tags: ['soak-shop'],
        status: 'published',
      },
    });
    if (!saved.data) throw new Error(`opening a shop: ${saved.status} ${saved.code ?? ''}`);
    shopPosts.push(saved.data.product._id);
  }
  const listed = await api(rec, users[0]!, catalogApi.products, { query: { limit: 100 } });
  if (!listed.data) throw new Error(`listing posts: ${listed.status}`);
  const posts = listed.data.products.map((p) => ({ id: p._id, seller: p.user.username }));
  const sellers = new Map(listed.data.products.map((p) => [p.user._id, p.user.username]));
  const tags = [...new Set(listed.data.products.flatMap((p) => p._tags))];
  return {
    runId,
    posts,
    shopPosts,
    sellers: [...sellers].map(([id, username]) => ({ id, username })),
    tags,
  };
}
