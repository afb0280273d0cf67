/** Add / Edit Discount Code. The server checks every field and answers with a message per field, shown under it. */
import type { FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/lib/toast';
import type { Discount, DiscountKind } from '@/lib/types';
import { CheckboxField, CountField, DialogFormActions, MoneyField, SelectField, TextField } from '../../components/fields';
import { adminErrorMessage, logError } from '../../lib/errors';
import { useAdminForm } from '../../lib/use-admin-form';
import { useCreateDiscount, useUpdateDiscount } from '../api/discounts';
import {
  DISCOUNT_FIELDS,
  DISCOUNT_KINDS,
  discountFormFrom,
  emptyDiscountForm,
  toDiscountInput,
} from '../discount-form';

const VALUE_FIELD = {
  percent: { label: msg`Percent off`, step: 1, hint: msg`A whole number from 1 to 100, of the merchandise subtotal` },
  fixed: { label: msg`Amount off ($)`, step: 0.01, hint: msg`Never more than the merchandise subtotal` },
} satisfies Record<Exclude<DiscountKind, 'freeShipping'>, unknown>;

export function DiscountFormModal({
  discount,
  onClose,
}: {
  /** The code to edit; none for a new one. */
  discount: Discount | null;
  /** Called on Cancel, Escape, and once the code is saved. */
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const title = discount ? t`Edit Discount Code` : t`Add Discount Code`;
  const { values: form, set, bind, showErrors } = useAdminForm(() => (discount ? discountFormFrom(discount) : emptyDiscountForm()));

  const onError = (err: unknown) => {
    logError('Failed to save discount code', err);
    showErrors(serverFieldErrors(err, DISCOUNT_FIELDS));
    toast.error(adminErrorMessage(err, t`Failed to save discount code`));
  };
  const saved = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const create = useCreateDiscount({ onSuccess: saved(t`Discount code created`), onError });
  const update = useUpdateDiscount({ onSuccess: saved(t`Discount code updated`), onError });
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const input = toDiscountInput(form);
    if (discount) update.mutate({ id: discount._id, input });
    else create.mutate(input);
  };

  const valueField = form.kind === 'freeShipping' ? null : VALUE_FIELD[form.kind];
  const dateHint = t`Your local time; leave blank for none`;
  return (
    <Modal title={title} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={title}>
        <TextField
          label={t`Code`}
          {...bind('code')}
          autoComplete="off"
          spellCheck={false}
          hint={t`3 to 32 letters, digits or dashes, e.g. EID-2026`}
          data-autofocus
        />
        <SelectField label={t`Kind`} {...bind('kind')}>
          {DISCOUNT_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </SelectField>
        {valueField && (
          <TextField
            label={i18n._(valueField.label)}
            {...bind('value')}
            type="number"
            inputMode="decimal"
            min={0}
            step={valueField.step}
            hint={i18n._(valueField.hint)}
          />
        )}
        <MoneyField label={t`Minimum subtotal ($)`} {...bind('minSubtotal')} hint={t`Leave blank for none`} />
        <TextField label={t`Starts at`} {...bind('startsAt')} type="datetime-local" hint={dateHint} />
        <TextField label={t`Ends at`} {...bind('endsAt')} type="datetime-local" hint={dateHint} />
        <CountField label={t`Usage limit`} {...bind('usageLimit')} min={1} hint={t`Orders in all. Leave blank for no limit`} />
        <CountField label={t`Limit per customer`} {...bind('perCustomerLimit')} min={1} hint={t`Orders per shopper. Leave blank for no limit`} />
        <CheckboxField
          label={t`Active (shoppers can use it)`}
          name="active"
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <DialogFormActions busy={busy} label={discount ? t`Update Code` : t`Create Code`} onCancel={onClose} />
      </form>
    </Modal>
  );
}
