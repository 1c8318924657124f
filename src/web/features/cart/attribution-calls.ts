import { insightsApi } from '../../../shared/api/insights';
import type { Landing } from '../../../shared/contracts/insights';
import { api } from '../../lib/api';
import { useCartStore } from './stores/cart-store';

/** POST /insights/cart-adds for a line just added (attribution.ts), its answer kept on the line. */
export async function creditCartLine(postId: string, landing: Landing | null) {
  const { attribution } = await api.call(
    insightsApi.cartAdd,
    { body: { postId, landing } },
    { background: true },
  );
  if (attribution) useCartStore.getState().creditLine(postId, attribution);
}
