/**
 * 'Delivered': the shopper's 4-digit code and, for an order paid in cash on delivery, the
 * rider's confirmation that they hold its total (sent as `cashCollected`). The server's
 * refusals show where they belong: a wrong code (with the tries left) under the code, a cash
 * refusal under the checkbox, five wrong codes (423) and anything else above the buttons.
 */
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '@/components/ui/Field';
import { BUSY, btn, field } from '@/components/ui/styles';
import { useMarkDelivered } from '@/lib/api/deliveries';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { RiderDelivery } from '@/lib/types';

interface Errors {
  code?: string;
  cashCollected?: string;
  form?: string;
}

export function DeliveredForm({ delivery, onClose }: { delivery: RiderDelivery; onClose: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [cashHeld, setCashHeld] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const cash = delivery.cashToCollect > 0;
  const amount = formatPrice(delivery.cashToCollect);
  const name = delivery.customerName;
  const mark = useMarkDelivered({
    onSuccess: () => toast.success(t`Delivered to ${name}. Thank you!`),
    onError: (err) => {
      if (err instanceof ApiError && (err.fieldErrors.code || err.fieldErrors.cashCollected)) {
        setErrors({ code: err.fieldErrors.code, cashCollected: err.fieldErrors.cashCollected });
      } else {
        setErrors({ form: errorMessage(err, t`The delivery could not be saved. Please try again.`) });
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mark.isPending) return;
    const next: Errors = {};
    if (!/^\d{4}$/.test(code)) next.code = t`Type the 4-digit code the customer gives you.`;
    if (cash && !cashHeld) next.cashCollected = t`Confirm you collected ${amount} in cash.`;
    setErrors(next);
    if (next.code || next.cashCollected) return;
    mark.mutate({ orderId: delivery._id, code, ...(cash ? { cashCollected: delivery.cashToCollect } : {}) });
  };

  const idBase = `delivered-${delivery._id}`;
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
      <Field id={`${idBase}-code`} label={t`Delivery code from the customer`} error={errors.code} announceError>
        {(control) => (
          <input
            {...control}
            className={`${field.input} text-center text-2xl tracking-[0.5em]`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={4}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        )}
      </Field>
      {cash && (
        <div>
          <label className="flex min-h-12 items-center gap-3 font-medium text-stone-900">
            <input
              type="checkbox"
              className="h-6 w-6 accent-brand-700"
              checked={cashHeld}
              onChange={(e) => setCashHeld(e.target.checked)}
              aria-invalid={errors.cashCollected ? true : undefined}
              aria-describedby={errors.cashCollected ? `${idBase}-cash-error` : undefined}
            />
            <Trans>I collected {amount} in cash</Trans>
          </label>
          {errors.cashCollected && (
            <p id={`${idBase}-cash-error`} role="alert" className={field.error}>
              {errors.cashCollected}
            </p>
          )}
        </div>
      )}
      {errors.form && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-900 ring-1 ring-red-200">
          {errors.form}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <button type="submit" className={`${btn.primary} ${BUSY} min-h-12`} aria-disabled={mark.isPending || undefined}>
          {mark.isPending ? <Trans>Saving...</Trans> : <Trans>Confirm delivery</Trans>}
        </button>
        <button type="button" className={`${btn.secondary} min-h-12`} onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
