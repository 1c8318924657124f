import { and, count, eq, ne } from 'drizzle-orm';
import type { ProductStatus } from '../../../shared/contracts/catalog-rules';
import { products } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { requirePlanAllows } from '../entitlements';

/**
 * A post becoming published counts against its owner's plan (docs/decisions/032): at most
 * `publishedPosts` published at once. Drafts, sold and archived posts do not count, and a post
 * already published stays so whatever the plan (a downgrade never unpublishes anything; it only
 * stops new ones until some are unpublished or the member upgrades).
 */
export async function checkPublishLimit(
  deps: ModuleDeps,
  ownerId: string,
  from: ProductStatus | null,
  to: ProductStatus,
  postId?: string,
): Promise<void> {
  if (to !== 'published' || from === 'published') return;
  const [row] = await deps.db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.userId, ownerId),
        eq(products.status, 'published'),
        postId ? ne(products.id, postId) : undefined,
      ),
    );
  const published = row?.n ?? 0;
  await requirePlanAllows(
    deps,
    ownerId,
    `publish more than ${published} posts at once`,
    (limits) => limits.publishedPosts === null || published < limits.publishedPosts,
  );
}
