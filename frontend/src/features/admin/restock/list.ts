/**
 * The sizes shoppers wait for (GET /api/admin/restock-alerts/top, `products.manage`): the most
 * requested first (ties: waiting longest), paged by the server, no filters. What to reorder.
 */
import { msg } from '@lingui/core/macro';
import { restockKeys } from '@/lib/query-keys';
import type { RestockDemand } from '@/lib/types';
import { defineList } from '../lib/list';

export const RESTOCK_LOAD_FAILED = msg`Failed to load restock requests. Please try again.`;

export const restockList = defineList<RestockDemand>()({
  path: '/admin/restock-alerts/top',
  keys: restockKeys.admin,
  filters: {},
  failure: { message: RESTOCK_LOAD_FAILED, log: 'Failed to load restock requests' },
});

/** A row's lasting id: its product and size (a one-size product has none). */
export const demandId = (d: Pick<RestockDemand, 'productId' | 'variantId'>) => `${d.productId}:${d.variantId ?? ''}`;
