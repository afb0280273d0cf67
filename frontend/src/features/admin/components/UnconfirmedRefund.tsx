/**
 * A refund sent to the payment provider whose answer never came (`refundStatus` 'unconfirmed',
 * issue 38): the money may have gone back or not, so the shop never sends it again by itself.
 * The admin checks the merchant account of the method's provider (GET /api/payments/methods), then marks
 * it refunded (nothing is sent) or sends it again; each asks first (Cancel has the focus), and
 * both are recorded in the audit trail.
 */
import { useId, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatPrice } from '@/lib/format';
import type { PaymentMethodId, RefundResolutionRequest } from '@/lib/types';
import { usePaymentProviders } from '@/payments/admin/providers';
import { formatDateTime } from '../lib/ui';

type Resolution = RefundResolutionRequest['resolution'];

/** The state of a refund sent and never answered, as a title or a fact (in the language shown). */
export const unconfirmedTitle = () => t`Refund sent, answer not received`;

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
  method?: PaymentMethodId | null;
  sentAt?: string | null;
  /** What it refunds, as a sentence ends: 'of order cafe1234...'. */
  subject: string;
  busy: boolean;
  onResolve: (resolution: Resolution) => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const [confirming, setConfirming] = useState<Resolution | null>(null);
  // ' ($12.50)' after the subject, or nothing without the amount.
  const what = amount === undefined ? subject : `${subject} (${formatPrice(amount)})`;
  const { merchantAccount, refundProvider } = usePaymentProviders();
  const account = merchantAccount(method);
  const provider = refundProvider(method);
  const sent = sentAt ? formatDateTime(sentAt) : '';
  const resolve = (resolution: Resolution) => {
    setConfirming(null);
    onResolve(resolution);
  };
  return (
    <div role="group" aria-labelledby={titleId} data-testid="unconfirmed-refund" className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p id={titleId} className="font-semibold">
        {unconfirmedTitle()}
      </p>
      <p className="mt-1 text-sm">
        {sent
          ? t`The refund ${what} was sent to ${provider} on ${sent}, but no answer came back, so it may or may not have been paid. Check ${account}, then choose.`
          : t`The refund ${what} was sent to ${provider}, but no answer came back, so it may or may not have been paid. Check ${account}, then choose.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={`${btn.secondary} py-2 text-sm`} disabled={busy} onClick={() => setConfirming('confirmed')}>
          <Trans>Mark refunded</Trans> <span className="sr-only">{subject}</span>
        </button>
        <button type="button" className={`${btn.secondary} py-2 text-sm`} disabled={busy} onClick={() => setConfirming('resend')}>
          <Trans>Send again</Trans> <span className="sr-only">{subject}</span>
        </button>
      </div>
      {confirming === 'confirmed' && (
        <ConfirmDialog
          title={t`Mark Refunded`}
          message={t`Mark the refund ${what} as refunded? Do this only if ${account} shows the money went back. Nothing is sent.`}
          confirmLabel={t`Mark refunded`}
          busyLabel={t`Saving...`}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => resolve('confirmed')}
        />
      )}
      {confirming === 'resend' && (
        <ConfirmDialog
          title={t`Send Refund Again`}
          message={t`Send the refund ${what} again? Do this only if ${account} shows the first one did not go through: otherwise the shopper is paid twice.`}
          confirmLabel={t`Send again`}
          busyLabel={t`Sending...`}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => resolve('resend')}
        />
      )}
    </div>
  );
}
