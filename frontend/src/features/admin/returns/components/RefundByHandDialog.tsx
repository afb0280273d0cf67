/**
 * Refunding a return no payment provider can refund (`refundByHand`: its order was paid in cash
 * on delivery, or its payment confirmed by hand): the admin pays the money back and records how,
 * in cash or to a wallet. Cancel has the focus first (the safe choice); a choice is required, and
 * the server's refusal of it (400 on `refundPaidWith`) shows by the choices.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn, field } from '@/components/ui/styles';
import { Modal } from '@/components/ui/Modal';
import { formatPrice } from '@/lib/format';
import type { OrderReturn } from '@/lib/types';
import { refundPayoutName, type RefundPayout } from '@/payments/admin/texts';
import { SaveButton } from '../../components/fields';

export function RefundByHandDialog({
  ret,
  payouts,
  customer,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  ret: OrderReturn;
  /** The ways it may be paid out (useRefundPayouts). */
  payouts: readonly RefundPayout[];
  /** Who is paid back: their name, or 'the customer'. */
  customer: string;
  busy: boolean;
  /** The server's message on `refundPaidWith`, shown by the choices. */
  error?: string | null;
  onConfirm: (paidWith: RefundPayout) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [paidWith, setPaidWith] = useState<RefundPayout | null>(null);
  const [missing, setMissing] = useState(false);
  // The choice last sent: the server's message about it shows until another is chosen.
  const [sent, setSent] = useState<RefundPayout | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const name = useId();
  const errorId = `${name}-error`;
  const order = ret.orderNumber;
  const amount = formatPrice(ret.refundAmount);
  // Without the amount for staff who may not see it (the server sends none).
  const description =
    ret.refundAmount === undefined
      ? t`No payment provider can refund order ${order}: it was paid in cash on delivery or confirmed by hand. Pay the money back to ${customer} yourself, then say how.`
      : t`No payment provider can refund order ${order}: it was paid in cash on delivery or confirmed by hand. Pay ${amount} back to ${customer} yourself, then say how.`;
  const shown = missing ? t`Choose how the refund was paid out` : paidWith === sent ? error : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!paidWith) {
      setMissing(true);
      first.current?.focus();
      return;
    }
    setSent(paidWith);
    onConfirm(paidWith);
  };

  return (
    <Modal title={t`Refund by hand`} onClose={onCancel} size="sm" role="alertdialog" description={description}>
      <form onSubmit={submit} noValidate className="mt-4">
        <fieldset aria-describedby={shown ? errorId : undefined}>
          <legend className={field.label}>
            <Trans>Paid out with</Trans>
          </legend>
          <div className="mt-1 space-y-1">
            {payouts.map((payout, i) => (
              <label key={payout} className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-stone-900 hover:bg-stone-50">
                <input
                  ref={i === 0 ? first : undefined}
                  type="radio"
                  name={name}
                  value={payout}
                  required
                  className="h-5 w-5 accent-brand-700"
                  checked={paidWith === payout}
                  onChange={() => {
                    setPaidWith(payout);
                    setMissing(false);
                  }}
                />
                {refundPayoutName(payout)}
              </label>
            ))}
          </div>
        </fieldset>
        {shown && (
          <p id={errorId} role="alert" className={field.error}>
            {shown}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onCancel} data-autofocus>
            <Trans>Cancel</Trans>
          </button>
          <SaveButton busy={busy} label={t`Record refund`} />
        </div>
      </form>
    </Modal>
  );
}
