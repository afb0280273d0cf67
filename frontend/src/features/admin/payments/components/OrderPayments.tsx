/**
 * The Payments section of an order's admin page (for whoever reads money, `money.read`): each
 * charge started for the order, newest first, with its state, method, amount (and what was
 * approved when another), the number it was tried from and when; a failed refund's reason.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { paymentMethodName } from '@/payments/names';
import { adminErrorMessage } from '../../lib/errors';
import { admin, formatDateTime } from '../../lib/ui';
import { useOrderPayments } from '../api/payments';
import { AttemptAmount } from './AttemptCells';
import { AttemptStateBadge } from './AttemptStateBadge';
import { RefundError } from './payment-columns';

export function OrderPayments({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const attempts = useOrderPayments(orderId);
  let body;
  if (attempts.isPending) body = <PageLoading text={t`Loading payments...`} />;
  else if (attempts.isError) {
    body = (
      <RetryAlert onRetry={() => void attempts.refetch()}>
        {adminErrorMessage(attempts.error, t`Failed to load the payments of this order`)}
      </RetryAlert>
    );
  } else if (attempts.data.length === 0) {
    body = (
      <p className="text-sm text-stone-600">
        <Trans>No payment was asked for this order.</Trans>
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-stone-100 text-sm" aria-label={t`Payments of this order`}>
        {attempts.data.map((a) => {
          const started = formatDateTime(a.startedAt);
          const answered = a.answeredAt ? formatDateTime(a.answeredAt) : null;
          return (
            <li key={a._id} className="py-3 first:pt-0 last:pb-0" data-testid="order-payment-attempt">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <AttemptStateBadge state={a.state} />
                <span className="text-right">
                  <AttemptAmount attempt={a} />
                </span>
              </div>
              <p className="mt-1 text-stone-800">
                {paymentMethodName(a.method)}: <span className="font-mono break-all">{a.payer}</span>
              </p>
              <p className="text-xs text-stone-600">
                {answered ? <Trans>Started {started}, last answer {answered}</Trans> : <Trans>Started {started}</Trans>}
              </p>
              {a.transactionId && (
                <p className="text-xs break-all text-stone-600">
                  <Trans>
                    Transaction <span className="font-mono">{a.transactionId}</span>
                  </Trans>
                </p>
              )}
              <RefundError error={a.refundError} className="mt-1 text-xs break-words text-red-800" />
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby="payments-title" className={admin.card}>
      <h2 id="payments-title" className="mb-4 text-lg font-semibold text-stone-900">
        {t`Payments`}
      </h2>
      {body}
    </section>
  );
}
