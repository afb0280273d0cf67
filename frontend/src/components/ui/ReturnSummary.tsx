import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLongDate, formatPrice } from '@/lib/format';
import type { OrderReturn, StatusChange } from '@/lib/types';
import { variantLabel } from '@/lib/variants';
import { ReturnStatusBadge } from './StatusBadge';
import { StatusTimeline } from './StatusTimeline';

/**
 * One return of an order: when it was asked for, its status, the units and what they refund,
 * the reason and its progress (with who moved it, in the back office), and any `actions`.
 */
export function ReturnSummary({
  ret,
  who,
  actions,
}: {
  ret: OrderReturn;
  who?: (change: StatusChange, index: number) => string;
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = `return-${ret._id}`;
  const date = formatLongDate(ret.createdAt);
  return (
    <article aria-labelledby={titleId} className="rounded-xl p-4 ring-1 ring-stone-200" data-testid="return">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-stone-900" tabIndex={-1}>
          <Trans>Return requested on {date}</Trans>
        </h3>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <ul className="mt-3 space-y-1 text-sm text-stone-700">
        {ret.lines.map((line) => (
          <li key={line.lineId} className="flex justify-between gap-3" data-testid="return-line">
            <span className="min-w-0">
              {line.name} × {line.quantity}
              {line.variant && <span className="block text-stone-600">{variantLabel(line.variant)}</span>}
            </span>
            <span className="whitespace-nowrap">{formatPrice(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between gap-3 font-semibold text-stone-900">
          <dt>{ret.status === 'refunded' ? <Trans>Refunded</Trans> : <Trans>Refund</Trans>}</dt>
          <dd>{formatPrice(ret.refundAmount)}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-900">
            <Trans>Reason</Trans>
          </dt>
          <dd className="break-words whitespace-pre-line text-stone-700">{ret.reason}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <h4 className="mb-2 text-sm font-semibold text-stone-900">
          <Trans>Progress</Trans>
        </h4>
        <StatusTimeline history={ret.statusHistory} label={t`Return status history`} who={who} />
      </div>
      {actions}
    </article>
  );
}
