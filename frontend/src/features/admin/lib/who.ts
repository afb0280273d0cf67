/** Who set a status, as the back office shows it in the language shown. */
import { t } from '@lingui/core/macro';
import { changedBy } from '@/lib/returns';
import type { StatusChange } from '@/lib/types';

/**
 * lib/returns' changedBy in the language shown: the name of who set it; without one, the
 * customer for the first status (placing the order, asking for the return), else the shop itself.
 */
export function changedByText(change: Pick<StatusChange, 'by'>, index: number): string {
  if (change.by) return changedBy(change, index);
  return index === 0 ? t`Customer` : t`System`;
}

/** Who set a status, as a status history says it after the date: 'by Sahra Admin', 'by Customer' (in the language shown). */
export function setByText(change: Pick<StatusChange, 'by'>, index: number): string {
  const who = changedByText(change, index);
  return t`by ${who}`;
}
