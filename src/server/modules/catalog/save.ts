import type { z } from 'zod';
import type { Product, productInput } from '../../../shared/contracts/catalog';
import { toMinor } from '../../../shared/money';
import { products, type StoredMedia, type StoredVariation } from '../../db/schema';
import { inTransaction, nowDate, validationError, type ModuleDeps } from '../core';
import { changeManagedProduct, readProductWithOwner, type Actor } from './ownership';
import { toProduct } from './rows';
import { updateTagCounts } from './tag-counts';
import { invalidateCatalog } from './cache';
import { checkPublishLimit } from './publish-limit';
import { announceNewPost } from '../outreach';

export type SaveProductInput = z.output<typeof productInput>;

function storedVariations(input: SaveProductInput): StoredVariation[] {
  const price = toMinor(input.price);
  return input.variations.map((v) => ({
    name: v.name,
    options: v.options.map((o) => {
      const priceDeltaMinor = toMinor(o.priceDelta);
      if (price + priceDeltaMinor < 0) {
        throw validationError(
          `The option "${o.name}" of "${v.name}" would cost less than nothing. Lower its price change.`,
        );
      }
      return { name: o.name, priceDeltaMinor, stock: o.stock };
    }),
  }));
}

/** The media in the order and with the alt texts the editor sent; every existing item exactly once. */
function reorderedMedias(
  current: StoredMedia[],
  wanted: SaveProductInput['medias'],
): StoredMedia[] {
  if (!wanted) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  const ids = wanted.map((m) => m._id);
  if (
    ids.length !== current.length ||
    new Set(ids).size !== ids.length ||
    ids.some((id) => !byId.has(id))
  ) {
    throw validationError(
      'The list of photos and files is out of date. Reload the post and try again.',
    );
  }
  return wanted.map((m) => ({ ...byId.get(m._id)!, alt: m.alt }));
}

/**
 * PUT /products: creates a post for `actor` (no `_id`; `published` unless a status is given) or
 * updates one they manage (owner or admin). Tag counts change in the same transaction.
 */
export async function saveProduct(
  deps: ModuleDeps,
  actor: Actor,
  input: SaveProductInput,
): Promise<Product> {
  const variations = storedVariations(input);
  const fields = {
    title: input.title,
    description: input.description,
    priceMinor: toMinor(input.price),
    shippingMinor: toMinor(input.shippingCost),
    stock: input.stock,
    tags: input._tags,
    variations,
  };
  const { _id: id } = input;
  if (id) {
    return changeManagedProduct(deps, actor, id, async (current, tx) => {
      const status = input.status ?? current.status;
      await checkPublishLimit(tx, current.userId, current.status, status, current.id);
      await updateTagCounts(tx.db, current, { status, tags: fields.tags });
      return {
        ...fields,
        status,
        allowOffers: input.allowOffers ?? current.allowOffers,
        medias: reorderedMedias(current.medias, input.medias) };
    });
  }
  if (input.medias?.length) {
    throw validationError('Save the post first, then add photos and files to it.');
  }
  const saved = await inTransaction(deps, async (tx) => {
    const status = input.status ?? 'published';
    await checkPublishLimit(tx, actor.id, null, status);
    const [row] = await tx.db
      .insert(products)
      .values({
        ...fields,
        status,
        allowOffers: input.allowOffers ?? false,
        userId: actor.id,
        createdAt: nowDate(tx),
        updatedAt: nowDate(tx),
      })
      .returning({ id: products.id });
    await updateTagCounts(tx.db, null, { status, tags: fields.tags });
    if (status === 'published') await announceNewPost(tx, row!.id);
    return readProductWithOwner(tx.db, row!.id);
  });
  invalidateCatalog(deps, [actor.id]);
  return toProduct(saved);
}
