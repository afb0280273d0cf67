/**
 * A refund sent to the payment provider whose answer never came (`refundStatus` 'unconfirmed',
 * issue 38): the money may have gone back or not, so the shop never sends it again by itself.
 * The admin checks the provider's merchant account (WaafiPay, or eDahab for eDahab), then marks
 * it refunded (nothing is sent) or sends it again; each asks first (Cancel has the focus), and
 * both are recorded in the audit trail.
 */
import { useId, useState } from 'react';
import { btn } from '@/components/ui/styles';
import { formatPrice } from '@/lib/format';
import type { PaymentMethodId, RefundResolutionRequest } from '@/lib/types';
import { merchantAccount, refundProvider } from '../lib/payment';
import { formatDateTime } from '../lib/ui';
import { ConfirmDialog } from './ConfirmDialog';

type Resolution = RefundResolutionRequest['resolution'];

export const UNCONFIRMED_TITLE = 'Refund sent, answer not received';

export function UnconfirmedRefund({
  amount,
  method,
  sentAt,
  subject,
  busy,
  onResolve,
}: {
  /** What the refund gives back; undefined for staff who may not see amounts (the server sends none). */
  amount?: number;
  /** How the order was paid, which names its provider; unknown (a return's refund on the Returns screen): either. */
  method?: PaymentMethodId;
  sentAt?: string | null;
  /** What it refunds, as a sentence ends: 'of order cafe1234...'. */
  subject: string;
  busy: boolean;
  onResolve: (resolution: Resolution) => void;
}) {
  const titleId = useId();
  const [confirming, setConfirming] = useState<Resolution | null>(null);
  // ' ($12.50)' after the subject, or nothing without the amount.
  const price = amount === undefined ? '' : ` (${formatPrice(amount)})`;
  const account = merchantAccount(method);
  const resolve = (resolution: Resolution) => {
    setConfirming(null);
    onResolve(resolution);
  };
  return (
    <div role="group" aria-labelledby={titleId} data-testid="unconfirmed-refund" className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p id={titleId} className="font-semibold">
        {UNCONFIRMED_TITLE}
      </p>
      <p className="mt-1 text-sm">
        The refund {subject}{price} was sent to {refundProvider(method)}
        {sentAt ? ` on ${formatDateTime(sentAt)}` : ''}, but no answer came back, so it may or may not have been paid. Check{' '}
        {account}, then choose.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={`${btn.secondary} py-2 text-sm`} disabled={busy} onClick={() => setConfirming('confirmed')}>
          Mark refunded <span className="sr-only">{subject}</span>
        </button>
        <button type="button" className={`${btn.secondary} py-2 text-sm`} disabled={busy} onClick={() => setConfirming('resend')}>
          Send again <span className="sr-only">{subject}</span>
        </button>
      </div>
      {confirming === 'confirmed' && (
        <ConfirmDialog
          title="Mark Refunded"
          message={`Mark the refund ${subject}${price} as refunded? Do this only if ${account} shows the money went back. Nothing is sent.`}
          confirmLabel="Mark refunded"
          busyLabel="Saving..."
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => resolve('confirmed')}
        />
      )}
      {confirming === 'resend' && (
        <ConfirmDialog
          title="Send Refund Again"
          message={`Send the refund ${subject}${price} again? Do this only if ${account} shows the first one did not go through: otherwise the shopper is paid twice.`}
          confirmLabel="Send again"
          busyLabel="Sending..."
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => resolve('resend')}
        />
      )}
    </div>
  );
}
