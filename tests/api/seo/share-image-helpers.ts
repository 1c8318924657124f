import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { sites } from '../../../src/server/db/schema';
import type { Actor } from '../../../src/server/modules/catalog';
import { siteShareImagePath } from '../../../src/shared/share-images';
import { createUser } from '../../factories/accounts';
import type { TestApp } from '../../helpers/app';

// What the share-image tests share: images to store, and looking at the drawn JPEGs' pixels.

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A PNG of one colour. */
export const solid = (color: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The colour of one pixel of a JPEG, as [r, g, b]. */
export async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const raw = await sharp(jpeg).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer();
  return [...raw.subarray(0, 3)];
}

const rgbOf = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** JPEG is lossy: a colour is "the same" within a few steps per channel. */
export function expectColor(actual: number[], expected: string) {
  rgbOf(expected).forEach((v, i) =>
    expect(Math.abs(actual[i]! - v), `${actual} vs ${expected}`).toBeLessThanOrEqual(8),
  );
}

/** Where the card draws the logo (top left) and the photo (centre of the right-hand frame). */
export const LOGO_POINT = [56 + 20, 56 + 20] as const;
export const PHOTO_POINT = [672 + 232, 315] as const;

export async function seller(t: TestApp, opts: { activated?: boolean } = {}) {
  const { user } = await createUser(t.deps, opts);
  const actor: Actor = { id: user.id, role: 'user' };
  return { user, actor };
}

/** A time after now, for an edit's updatedAt. */
export const later = (ms = 1000) => new Date(Date.now() + ms);

export async function siteRow(t: TestApp, userId: string) {
  const [row] = await t.deps.database.db.select().from(sites).where(eq(sites.userId, userId));
  return row!;
}

/** The site's share image URL as pages link it (current version). */
export const siteUrl = async (t: TestApp, username: string, userId: string) =>
  siteShareImagePath({ username, updatedAt: (await siteRow(t, userId)).updatedAt.toISOString() });
