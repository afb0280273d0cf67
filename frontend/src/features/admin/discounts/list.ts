/** The admin list of discount codes (GET /api/admin/discounts): newest first, paged, no filters. */
import { msg } from '@lingui/core/macro';
import { discountKeys } from '@/lib/query-keys';
import type { Discount } from '@/lib/types';
import { defineList } from '../lib/list';

export const DISCOUNTS_LOAD_FAILED = msg`Failed to load discount codes. Please try again.`;

export const discountsList = defineList<Discount>()({
  path: '/admin/discounts',
  keys: discountKeys.admin,
  filters: {},
  failure: { message: DISCOUNTS_LOAD_FAILED, log: 'Failed to load discount codes' },
});
