import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldBinding } from '@/components/forms/use-form-fields';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import type { PaymentRequest } from '../hooks/use-place-order';
import { CheckoutFieldset } from './CheckoutFieldset';
import { PaymentWaiting } from './PaymentWaiting';

/** 'Payment': the EVC Plus number, the Pay button with the total, and what happens while EVC Plus waits for the payer. */
export function PaymentFieldset({
  phone,
  total,
  busy,
  waitingFor,
  timeoutSecs,
}: {
  phone: FieldBinding;
  /** The cart's total, formatted. */
  total: string;
  busy: boolean;
  /** The payment asked for, while its request runs. */
  waitingFor: PaymentRequest | null;
  timeoutSecs: number;
}) {
  const { t } = useLingui();
  return (
    <CheckoutFieldset title={t`Payment`}>
      <TextField
        label={t`EVC Plus Phone Number`}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="61 234 5678"
        hint={t`Enter your EVC Plus phone number for payment processing`}
        {...phone}
      />
      <button type="submit" className={`${btn.primary} mt-5 w-full py-3 text-base`} disabled={busy || !phone.value.trim()}>
        {busy ? t`Processing Payment...` : t`Pay ${total} with EVC Plus`}
      </button>
      {!waitingFor && (
        <p className="mt-3 text-center text-xs text-stone-600">
          <Trans>You will be asked to confirm the payment on your phone.</Trans>
        </p>
      )}
      {/* Always present and never display:none, so that what is put into it is announced; only
          the changed text is read (a status region is otherwise atomic and re-read whole). */}
      <div role="status" aria-live="polite" aria-atomic="false">
        {waitingFor && <PaymentWaiting phone={waitingFor.phone} amount={waitingFor.amount} timeoutSecs={timeoutSecs} />}
      </div>
    </CheckoutFieldset>
  );
}
