/** The admin table of discount codes: code, what it takes off, minimum, dates, uses, status, actions (drawn in the language shown). */
import { t } from '@lingui/core/macro';
import { formatPrice } from '@/lib/format';
import type { Discount } from '@/lib/types';
import { ActionButton, columnsOf, DeleteAction, EditAction, nowrap, RowActions } from '../../lib/table';
import { describeDiscount, usesText } from '../discount-form';
import { DiscountStatusBadge, ValidDates } from './DiscountCells';

const column = columnsOf<Discount>();

/** '2 per customer'. */
const perCustomer = (limit: number) => t`${limit} per customer`;

export function discountsTable({
  switching,
  onEdit,
  onSwitchActive,
  onDelete,
}: {
  /** The id of the code being activated or deactivated, if any. */
  switching: string | null;
  onEdit: (discount: Discount) => void;
  onSwitchActive: (discount: Discount) => void;
  onDelete: (discount: Discount) => void;
}) {
  return {
    columns: [
      column(t`Code`, (d) => d.code, { td: 'font-mono font-semibold text-stone-900', phone: 'title' }),
      column(t`Discount`, describeDiscount, nowrap),
      column(t`Minimum`, (d) => (d.minSubtotal === null ? t`None` : formatPrice(d.minSubtotal)), nowrap),
      column(t`Valid`, (d) => <ValidDates startsAt={d.startsAt} endsAt={d.endsAt} />),
      column(t`Uses`, (d) => (
        <>
          <span data-testid="discount-uses">{usesText(d)}</span>
          {d.perCustomerLimit !== null && <span className="block text-stone-600">{perCustomer(d.perCustomerLimit)}</span>}
        </>
      ), nowrap),
      column(t`Status`, (d) => <DiscountStatusBadge discount={d} />, { phone: 'aside' }),
      column(t`Actions`, (d) => (
        <RowActions wrap>
          <EditAction target={d.code} onClick={() => onEdit(d)} />
          <ActionButton kind="neutral" label={d.active ? t`Deactivate` : t`Activate`} target={d.code} disabled={switching === d._id} onClick={() => onSwitchActive(d)} />
          <DeleteAction target={d.code} onClick={() => onDelete(d)} />
        </RowActions>
      ), { phone: 'actions' }),
    ],
    rowProps: () => ({ 'data-testid': 'discount-row' }),
  };
}
