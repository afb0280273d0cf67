/** The table of payment attempts: started, order (linking to its page), method, payer, amount (and another approved), state (and a failed refund's reason), transaction, last answer. */
import { t } from '@lingui/core/macro';
import { paymentMethodName } from '@/payments/names';
import type { PaymentAttempt } from '@/lib/types';
import { columnsOf, NoValue, nowrap } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { AttemptAmount, AttemptOrder } from './AttemptCells';
import { AttemptStateBadge } from './AttemptStateBadge';

const column = columnsOf<PaymentAttempt>();

/** A failed refund's reason, under the state: what the provider said. */
export function RefundError({ error, className }: { error: string | null; className?: string }) {
  if (!error) return null;
  return (
    <p className={className} data-testid="attempt-refund-error">
      {t`Refund error: ${error}`}
    </p>
  );
}

export function paymentsTable() {
  return {
    columns: [
      column(t`Started`, (a) => formatDateTime(a.startedAt), { th: 'w-44', td: 'whitespace-nowrap' }),
      column(t`Order`, (a) => <AttemptOrder attempt={a} />, { th: 'w-32', td: 'break-all', phone: 'title' }),
      column(t`Method`, (a) => paymentMethodName(a.method), { th: 'w-28', ...nowrap }),
      column(t`Payer`, (a) => <span className="font-mono">{a.payer}</span>, { th: 'w-36', td: 'break-all' }),
      column(t`Amount`, (a) => <AttemptAmount attempt={a} />, { th: 'w-32', td: 'tabular-nums' }),
      column(t`State`, (a) => (
        <>
          <AttemptStateBadge state={a.state} />
          <RefundError error={a.refundError} className="mt-1 text-xs break-words text-red-800" />
        </>
      ), { th: 'w-56', phone: 'aside' }),
      column(t`Transaction`, (a) => (a.transactionId ? <span className="font-mono text-xs">{a.transactionId}</span> : <NoValue className="text-stone-500" />), {
        th: 'w-32',
        td: 'break-all',
      }),
      column(t`Last answer`, (a) => (a.answeredAt ? formatDateTime(a.answeredAt) : <NoValue className="text-stone-500" />), { th: 'w-44', td: 'whitespace-nowrap' }),
    ],
    rowProps: (a: PaymentAttempt) => ({
      'data-testid': 'payment-row',
      className: a.state === 'late' || a.state === 'mismatched' || a.state === 'refundFailed' ? 'bg-amber-50/60' : undefined,
    }),
    width: 'w-full min-w-[68rem] table-fixed',
    narrow: true,
  };
}
