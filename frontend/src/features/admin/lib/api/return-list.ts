/**
 * The admin list of returns (GET /api/admin/returns): newest first, paged, filtered by status.
 * The returns screen draws it, the staff home counts the returns waiting at each step from it.
 */
import { msg } from '@lingui/core/macro';
import { returnKeys } from '@/lib/query-keys';
import { RETURN_STATUSES } from '@/lib/returns';
import type { OrderReturn } from '@/lib/types';
import { defineList, oneOf } from '../list';

const RETURNS_LOAD_FAILED = msg`Failed to load returns. Please try again.`;

export const returnsList = defineList<OrderReturn>()({
  path: '/admin/returns',
  keys: returnKeys.admin,
  filters: { status: oneOf(RETURN_STATUSES) },
  failure: { message: RETURNS_LOAD_FAILED, log: 'Failed to load returns' },
});
