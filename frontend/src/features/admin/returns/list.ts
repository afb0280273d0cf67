/** The admin list of returns (GET /api/admin/returns): newest first, paged, filtered by status. */
import { msg } from '@lingui/core/macro';
import { statusWord } from '@/components/ui/StatusBadge';
import { returnKeys } from '@/lib/query-keys';
import { RETURN_STATUSES } from '@/lib/returns';
import type { OrderReturn, ReturnStatus } from '@/lib/types';
import { defineList, oneOf, type FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const RETURNS_LOAD_FAILED = msg`Failed to load returns. Please try again.`;

export const RETURN_STATUS_OPTIONS: readonly FilterOption<ReturnStatus | ''>[] = [
  choice('', msg`All statuses`),
  ...RETURN_STATUSES.map((s) => choice(s, () => statusWord(s))),
];

export const returnsList = defineList<OrderReturn>()({
  path: '/admin/returns',
  keys: returnKeys.admin,
  filters: { status: oneOf(RETURN_STATUSES) },
  failure: { message: RETURNS_LOAD_FAILED, log: 'Failed to load returns' },
});
