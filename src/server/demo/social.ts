import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  comments,
  follows,
  messageLikes,
  messages,
  productLikes,
  products,
  userLikes,
  users,
  type UserRow,
} from '../db/schema';
import type { DbOrTx } from '../modules/core';

/**
 * The demo's social life, so the embedded default looks like a marketplace people use: sam
 * follows and likes, comments wait for review and are answered, sellers post public messages, a
 * buyer and a seller talk privately. Rows are written straight into the tables inside the seed's
 * transaction (no notification is recorded: nobody is mailed about the demo), and every like
 * count is recomputed from the like rows, so counts and rows always agree.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

type Who = 'maya' | 'leo' | 'sam';

/** `who` follows `whom`. */
const FOLLOWS: [Who, Who, number][] = [
  ['sam', 'maya', 6 * DAY],
  ['sam', 'leo', 5 * DAY],
  ['maya', 'leo', 4 * DAY],
];

/** `who` likes the post titled `title`. */
const POST_LIKES: [Who, string, number][] = [
  ['sam', 'Speckled stoneware mug, oatmeal glaze', 3 * DAY],
  ['sam', 'Rust red serving bowl', 2 * DAY],
  ['leo', 'Speckled stoneware mug, oatmeal glaze', 2 * DAY],
];

/** `who` likes the member `whom`. */
const USER_LIKES: [Who, Who, number][] = [
  ['sam', 'leo', 5 * DAY],
  ['maya', 'leo', 4 * DAY],
];

const COMMENTED_POST = 'Speckled stoneware mug, oatmeal glaze';
const REVIEW_POST = 'Rust red serving bowl';

/** Public messages: the author, the text, its tags, how long ago. */
const PUBLIC_MESSAGES: [Who, string, string[], number][] = [
  [
    'maya',
    'Kiln day! A fresh batch of speckled mugs comes out tomorrow morning; the large size is back.',
    ['ceramics', 'studio'],
    30 * HOUR,
  ],
  [
    'leo',
    'Just recapped a Sound Blaster AWE32: clean audio again. More sound cards going up this week.',
    ['retro-computing', 'sound-cards'],
    20 * HOUR,
  ],
  [
    'maya',
    'Trying a new celadon glaze on bud vases. Greener or bluer: which do you prefer?',
    ['ceramics', 'glaze'],
    8 * HOUR,
  ],
];

export interface DemoSocialCounts {
  follows: number;
  likes: number;
  comments: number;
  messages: number;
}

export async function seedDemoSocial(
  db: DbOrTx,
  people: Map<string, UserRow>,
  now: number,
): Promise<DemoSocialCounts> {
  const id = (who: Who) => {
    const user = people.get(who);
    if (!user) throw new Error(`demo member ${who} is missing`);
    return user.id;
  };
  const at = (ago: number) => new Date(now - ago);

  const titles = [
    ...new Set([...POST_LIKES.map(([, title]) => title), COMMENTED_POST, REVIEW_POST]),
  ];
  const posts = await db
    .select({ id: products.id, title: products.title, userId: products.userId })
    .from(products)
    .where(inArray(products.title, titles));
  const post = (title: string) => {
    const found = posts.find((p) => p.title === title);
    if (!found) throw new Error(`demo post "${title}" is missing`);
    return found;
  };

  await db.insert(follows).values(
    FOLLOWS.map(([who, whom, ago]) => ({
      followerId: id(who),
      followeeId: id(whom),
      createdAt: at(ago),
    })),
  );

  await db.insert(productLikes).values(
    POST_LIKES.map(([who, title, ago]) => ({
      userId: id(who),
      productId: post(title).id,
      createdAt: at(ago),
    })),
  );
  await db.insert(userLikes).values(
    USER_LIKES.map(([who, whom, ago]) => ({
      userId: id(who),
      likedUserId: id(whom),
      createdAt: at(ago),
    })),
  );

  // A conversation under maya's mug: sam asks, maya answers, leo chimes in (all approved by maya),
  // and leo's question on her bowl waits for her review on /comments.
  const mug = post(COMMENTED_POST);
  const bowl = post(REVIEW_POST);
  const maya = id('maya');
  const accepted = (ago: number) => ({
    status: 'accepted' as const,
    decidedBy: maya,
    decidedAt: at(ago - HOUR),
    createdAt: at(ago),
    updatedAt: at(ago - HOUR),
  });
  const [question] = await db
    .insert(comments)
    .values({
      productId: mug.id,
      productOwnerId: mug.userId,
      userId: id('sam'),
      text: 'Love the speckles on this one! Does the large size keep coffee hot for long?',
      ...accepted(50 * HOUR),
    })
    .returning({ id: comments.id });
  await db.insert(comments).values([
    {
      productId: mug.id,
      productOwnerId: mug.userId,
      userId: maya,
      replyTo: question!.id,
      text: 'Thank you, Sam! The walls are thick stoneware, so it stays warm a good while. Preheat it with hot water and it lasts even longer.',
      ...accepted(46 * HOUR),
    },
    {
      productId: mug.id,
      productOwnerId: mug.userId,
      userId: id('leo'),
      text: 'Mine has been my desk mug for a month now. Great thumb rest.',
      ...accepted(26 * HOUR),
    },
    {
      productId: bowl.id,
      productOwnerId: bowl.userId,
      userId: id('leo'),
      text: 'Is this bowl oven safe? I would love to bake a gratin in it.',
      status: 'pending',
      createdAt: at(3 * HOUR),
      updatedAt: at(3 * HOUR),
    },
  ]);

  const publicRows = await db
    .insert(messages)
    .values(
      PUBLIC_MESSAGES.map(([who, text, tags, ago]) => ({
        userId: id(who),
        text,
        tags,
        createdAt: at(ago),
        updatedAt: at(ago),
      })),
    )
    .returning({ id: messages.id, userId: messages.userId });
  // sam liked leo's message about the sound card.
  const leosMessage = publicRows.find((m) => m.userId === id('leo'));
  if (leosMessage) {
    await db
      .insert(messageLikes)
      .values({ userId: id('sam'), messageId: leosMessage.id, createdAt: at(18 * HOUR) });
  }

  // Private: sam asks maya about the mug; maya read it and answered; sam has not read that yet.
  await db.insert(messages).values([
    {
      userId: id('sam'),
      recipientId: maya,
      text: 'Hi Maya! Will the large speckled mug be back in stock before the holidays? I would like two.',
      readAt: at(5 * HOUR),
      createdAt: at(6 * HOUR),
      updatedAt: at(6 * HOUR),
    },
    {
      userId: maya,
      recipientId: id('sam'),
      text: 'Hi Sam! Yes: they come out of the kiln tomorrow. I will put two aside for you.',
      createdAt: at(4 * HOUR),
      updatedAt: at(4 * HOUR),
    },
  ]);

  // Every count from the rows it counts.
  const likedPosts = [...new Set(POST_LIKES.map(([, title]) => post(title).id))];
  await db
    .update(products)
    .set({
      likesCount: sql`(select count(*)::int from ${productLikes} where ${productLikes.productId} = ${products.id})`,
    })
    .where(inArray(products.id, likedPosts));
  const likedUsers = [...new Set(USER_LIKES.map(([, whom]) => id(whom)))];
  await db
    .update(users)
    .set({
      likesCount: sql`(select count(*)::int from ${userLikes} where ${userLikes.likedUserId} = ${users.id})`,
    })
    .where(inArray(users.id, likedUsers));
  await db
    .update(messages)
    .set({
      likesCount: sql`(select count(*)::int from ${messageLikes} where ${messageLikes.messageId} = ${messages.id})`,
    })
    .where(and(eq(messages.userId, id('leo')), sql`${messages.recipientId} is null`));

  return {
    follows: FOLLOWS.length,
    likes: POST_LIKES.length + USER_LIKES.length + (leosMessage ? 1 : 0),
    comments: 4,
    messages: PUBLIC_MESSAGES.length + 2,
  };
}
