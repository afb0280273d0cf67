import { Trans, useLingui } from '@lingui/react/macro';
import { FieldsetCard } from '@/components/forms/FieldsetCard';
import type { FieldBinding } from '@/components/forms/use-form-fields';
import { TextField } from '@/components/ui/TextField';
import { btn } from '@/components/ui/styles';
import type { CashOnDelivery, PaymentMethodId, PaymentRequest } from '@/lib/types';
import { paymentTexts } from '../texts';
import type { OfferedMethod } from '../types';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { PaymentWaiting } from './PaymentWaiting';

/** The state of a payment form (the checkout's, a payment link's): the methods offered, the one chosen, and the number's field. */
export interface PaymentChoice {
  offered: readonly OfferedMethod[];
  method: OfferedMethod;
  /** The server's message about the method, under the choice. */
  methodError?: string;
  /** Whether cash on delivery may be chosen, where it is offered. */
  cash?: CashOnDelivery;
  choose: (id: PaymentMethodId) => void;
  binding: FieldBinding;
}

/**
 * 'Payment', at checkout and on a payment link's page: the choice of method (when there is more
 * than one), the phone number (the rider's to call for cash on delivery), the Pay button with the
 * total, and what happens while a wallet waits for the payer or the card page opens.
 */
export function PaymentFieldset({
  payment,
  total,
  busy,
  pricing = false,
  waitingFor,
  toCardPage,
  timeoutSecs,
}: {
  payment: PaymentChoice;
  /** The amount to pay, formatted. */
  total: string;
  busy: boolean;
  /** The total for the place chosen is on its way: Pay waits for it (the amount it says is the amount charged). */
  pricing?: boolean;
  /** The wallet payment asked for, while its request runs. */
  waitingFor: PaymentRequest | null;
  /** The browser is on its way to the card page. */
  toCardPage: boolean;
  timeoutSecs: number;
}) {
  const { t } = useLingui();
  const { method, binding: phone } = payment;
  const texts = paymentTexts(method, total);
  const card = method.kind === 'card';
  const cash = method.kind === 'cash';
  return (
    <FieldsetCard title={t`Payment`}>
      {payment.offered.length > 1 && (
        <PaymentMethodChoice
          offered={payment.offered}
          chosen={method.id}
          error={payment.methodError}
          disabled={busy}
          cash={payment.cash}
          onChoose={payment.choose}
        />
      )}
      <TextField
        label={texts.label}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={texts.placeholder}
        hint={texts.hint}
        {...phone}
      />
      {card && (
        <p className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-700 ring-1 ring-stone-200" data-testid="card-note">
          <Trans>When you press Pay, our payment partner&apos;s secure card page opens: pay there with Visa or Mastercard.</Trans>
        </p>
      )}
      <button type="submit" className={`${btn.primary} mt-5 w-full py-3 text-base`} disabled={busy || pricing || !phone.value.trim()}>
        {busy ? t`Processing Payment...` : texts.pay}
      </button>
      {!card && !cash && !waitingFor && (
        <p className="mt-3 text-center text-xs text-stone-600">
          <Trans>You will be asked to confirm the payment on your phone.</Trans>
        </p>
      )}
      {/* Always present and never display:none, so that what is put into it is announced; only
          the changed text is read (a status region is otherwise atomic and re-read whole). */}
      <div role="status" aria-live="polite" aria-atomic="false">
        {waitingFor?.wallet && (
          <PaymentWaiting wallet={waitingFor.wallet} phone={waitingFor.phone} amount={waitingFor.amount} timeoutSecs={timeoutSecs} />
        )}
        {toCardPage && (
          <p className="mt-3 text-center text-sm font-semibold text-stone-800">
            <Trans>Opening the secure card page...</Trans>
          </p>
        )}
      </div>
    </FieldsetCard>
  );
}
