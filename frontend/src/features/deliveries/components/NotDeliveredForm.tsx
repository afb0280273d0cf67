/**
 * 'Not delivered': why, one of four plain reasons. The attempt is kept, the order goes back to
 * the shop to be sent out again, and the shopper is told (the server does both).
 */
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUSY, btn, field } from '@/components/ui/styles';
import { useMarkNotDelivered } from '@/lib/api/deliveries';
import { ApiError, errorMessage } from '@/lib/api-client';
import { FAILURE_REASONS, failureReasonLabel } from '@/lib/delivery';
import { toast } from '@/lib/toast';
import type { DeliveryFailureReason, RiderDelivery } from '@/lib/types';

export function NotDeliveredForm({ delivery, onClose }: { delivery: RiderDelivery; onClose: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState<DeliveryFailureReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mark = useMarkNotDelivered({
    onSuccess: () => toast.info(t`Saved. The order goes back to the shop.`),
    onError: (err) =>
      setError(
        (err instanceof ApiError && err.fieldErrors.reason) ||
          errorMessage(err, t`The attempt could not be saved. Please try again.`),
      ),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mark.isPending) return;
    if (!reason) {
      setError(t`Choose why it was not delivered.`);
      return;
    }
    setError(null);
    mark.mutate({ orderId: delivery._id, reason });
  };

  const errorId = `not-delivered-${delivery._id}-error`;
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="font-medium text-stone-900">
          <Trans>Why was it not delivered?</Trans>
        </legend>
        <div className="mt-2 space-y-1">
          {FAILURE_REASONS.map((r) => (
            <label key={r} className="flex min-h-12 items-center gap-3 rounded-lg px-2 hover:bg-white">
              <input
                type="radio"
                name={`reason-${delivery._id}`}
                value={r}
                className="h-5 w-5 accent-brand-700"
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {failureReasonLabel(r)}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className={field.error}>
          {error}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <button type="submit" className={`${btn.primary} ${BUSY} min-h-12`} aria-disabled={mark.isPending || undefined}>
          {mark.isPending ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
        </button>
        <button type="button" className={`${btn.secondary} min-h-12`} onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
