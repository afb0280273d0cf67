/**
 * An order's delivery on its back-office page, once it first went out: the rider and their
 * phone, where it stands (out, delivered, brought back), each failed attempt, and a code locked
 * after five wrong ones, with 'Reset code' for whoever dispatches.
 */
import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DeliveryAttempts } from '@/components/ui/DeliveryAttempts';
import { btn, BUSY } from '@/components/ui/styles';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import type { Order, OrderDelivery } from '@/lib/types';
import { useResetCode } from '../../lib/api/dispatch';
import { adminErrorMessage, logError } from '../../lib/errors';
import { Badge, tone } from '../../lib/table';
import { admin } from '../../lib/ui';
import { formatPhone } from '@/lib/phone-format';

/** Where the delivery stands, in the language shown. */
function stateWord(state: OrderDelivery['state']): string {
  if (state === 'out') return t`Out with the rider`;
  if (state === 'delivered') return t`Delivered`;
  return t`Brought back`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <dt className="text-stone-600">{term}</dt>
      <dd className="min-w-0 font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

export function OrderDeliveryCard({ order }: { order: Order }) {
  const may = useCan();
  const reset = useResetCode({
    onSuccess: () => toast.success(t`Code reset: the rider may type it again`),
    onError: (err) => {
      logError('Failed to reset a delivery code', err);
      toast.error(adminErrorMessage(err, t`Failed to reset the code`));
    },
  });
  const d = order.delivery;
  if (!d) return null;
  return (
    <section aria-labelledby="rider-title" className={admin.card}>
      <h2 id="rider-title" className="mb-4 text-lg font-semibold text-stone-900">
        <Trans>Delivery</Trans>
      </h2>
      <dl className="space-y-2 text-sm">
        <Fact term={t`Rider`}>{d.riderName}</Fact>
        <Fact term={t`Rider's phone`}>{formatPhone(d.riderPhone)}</Fact>
        <Fact term={t`State`}>{stateWord(d.state)}</Fact>
        {d.deliveredAt && <Fact term={t`Delivered`}>{formatDateTime(d.deliveredAt)}</Fact>}
      </dl>
      <DeliveryAttempts attempts={d.attempts} className="mt-4" />
      {d.codeLocked && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
          <Badge colour={tone.red} testId="code-locked">
            {t`Code locked`}
          </Badge>
          <p className="text-sm text-red-900">
            <Trans>Five wrong codes were typed: the rider cannot confirm the delivery until the code is reset.</Trans>
          </p>
          {may('deliveries.dispatch') && order.status === 'shipped' && (
            <button
              type="button"
              className={`${btn.secondary} ${BUSY}`}
              aria-disabled={reset.isPending || undefined}
              onClick={() => !reset.isPending && reset.mutate(order._id)}
            >
              <Trans>Reset code</Trans>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
