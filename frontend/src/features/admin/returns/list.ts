/** The admin list of returns' status filter (the list itself is lib/api/return-list.ts'). */
import { msg } from '@lingui/core/macro';
import { statusWord } from '@/components/ui/StatusBadge';
import { RETURN_STATUSES } from '@/lib/returns';
import type { ReturnStatus } from '@/lib/types';
import type { FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const RETURN_STATUS_OPTIONS: readonly FilterOption<ReturnStatus | ''>[] = [
  choice('', msg`All statuses`),
  ...RETURN_STATUSES.map((s) => choice(s, () => statusWord(s))),
];
