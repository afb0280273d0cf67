/** Add / Edit Discount Code. The server checks every field and answers with a message per field, shown under it. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { btn } from '@/components/ui/styles';
import { toast } from '@/lib/toast';
import type { Discount, DiscountKind } from '@/lib/types';
import type { FieldErrors } from '@/lib/validation';
import { SelectField, TextField } from '../../components/fields';
import { Modal } from '../../components/Modal';
import { adminErrorMessage, logError, serverFieldErrors } from '../../lib/errors';
import { useCreateDiscount, useUpdateDiscount } from '../api/discounts';
import {
  DISCOUNT_FIELDS,
  DISCOUNT_KINDS,
  discountFormFrom,
  emptyDiscountForm,
  toDiscountInput,
  type DiscountField,
  type DiscountForm,
} from '../discount-form';

const VALUE_FIELD: Record<Exclude<DiscountKind, 'freeShipping'>, { label: string; step: number; hint: string }> = {
  percent: { label: 'Percent off', step: 1, hint: 'A whole number from 1 to 100, of the merchandise subtotal' },
  fixed: { label: 'Amount off ($)', step: 0.01, hint: 'Never more than the merchandise subtotal' },
};

const DATE_HINT = 'Your local time; leave blank for none';
const LIMIT_HINT = 'Leave blank for no limit';

export function DiscountFormModal({
  discount,
  onClose,
}: {
  /** The code to edit; none for a new one. */
  discount: Discount | null;
  /** Called on Cancel, Escape, and once the code is saved. */
  onClose: () => void;
}) {
  const title = discount ? 'Edit Discount Code' : 'Add Discount Code';
  const [form, setForm] = useState<DiscountForm>(() => (discount ? discountFormFrom(discount) : emptyDiscountForm()));
  const [errors, setErrors] = useState<FieldErrors<DiscountField>>({});

  const onError = (err: unknown) => {
    logError('Failed to save discount code', err);
    setErrors(serverFieldErrors(err, DISCOUNT_FIELDS));
    toast.error(adminErrorMessage(err, 'Failed to save discount code'));
  };
  const saved = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const create = useCreateDiscount({ onSuccess: saved('Discount code created'), onError });
  const update = useUpdateDiscount({ onSuccess: saved('Discount code updated'), onError });
  const busy = create.isPending || update.isPending;

  const set = (f: DiscountField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.value;
    setForm((s) => ({ ...s, [f]: value }));
    if (errors[f]) setErrors(({ [f]: _cleared, ...rest }) => rest);
  };
  /** The props of a text field of the form: its value, change handler and server error. */
  const bind = (f: Exclude<DiscountField, 'kind'>) => ({ name: f, value: form[f], onChange: set(f), error: errors[f] });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const input = toDiscountInput(form);
    if (discount) update.mutate({ id: discount._id, input });
    else create.mutate(input);
  };

  const valueField = form.kind === 'freeShipping' ? null : VALUE_FIELD[form.kind];
  return (
    <Modal title={title} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={title}>
        <TextField
          label="Code"
          {...bind('code')}
          autoComplete="off"
          spellCheck={false}
          hint="3 to 32 letters, digits or dashes, e.g. EID-2026"
          data-autofocus
        />
        <SelectField label="Kind" name="kind" value={form.kind} onChange={set('kind')} error={errors.kind}>
          {DISCOUNT_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </SelectField>
        {valueField && (
          <TextField
            label={valueField.label}
            {...bind('value')}
            type="number"
            inputMode="decimal"
            min={0}
            step={valueField.step}
            hint={valueField.hint}
          />
        )}
        <TextField
          label="Minimum subtotal ($)"
          {...bind('minSubtotal')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="Leave blank for none"
        />
        <TextField label="Starts at" {...bind('startsAt')} type="datetime-local" hint={DATE_HINT} />
        <TextField label="Ends at" {...bind('endsAt')} type="datetime-local" hint={DATE_HINT} />
        <TextField label="Usage limit" {...bind('usageLimit')} type="number" inputMode="numeric" min={1} step={1} hint={`Orders in all. ${LIMIT_HINT}`} />
        <TextField
          label="Limit per customer"
          {...bind('perCustomerLimit')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={`Orders per shopper. ${LIMIT_HINT}`}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            name="active"
            checked={form.active}
            onChange={(e) => setForm((s) => ({ ...s, active: e.target.checked }))}
            className="h-4 w-4 rounded border-stone-400 accent-brand-700"
          />
          Active (shoppers can use it)
        </label>
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? 'Saving...' : discount ? 'Update Code' : 'Create Code'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
