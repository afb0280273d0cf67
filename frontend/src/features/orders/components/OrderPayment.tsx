import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PaymentStatusBadge } from '@/components/ui/StatusBadge';
import type { OrderDetail } from '@/lib/types';
import { paymentMethodName } from '@/payments/names';
import { OrderSection } from './OrderSection';

/** A row of the payment's facts; a badge is centred beside its label. */
function Fact({ label, badge = false, children }: { label: string; badge?: boolean; children: ReactNode }) {
  return (
    <div className={badge ? 'flex items-center justify-between gap-3' : 'flex justify-between gap-3'}>
      <dt className="text-stone-600">{label}</dt>
      <dd className={badge ? undefined : 'font-medium'}>{children}</dd>
    </div>
  );
}

/** 'Payment': the method by name, the number charged (a card's: the one delivery updates go to) and the payment's status. */
export function OrderPayment({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  return (
    <OrderSection id="payment-title" title={t`Payment`}>
      <dl className="space-y-2 text-sm">
        <Fact label={t`Method`}>{paymentMethodName(order.paymentMethod)}</Fact>
        {order.paymentPhone && (
          <Fact label={order.paymentMethod === 'card' ? t`Phone for delivery updates` : t`Phone`}>{order.paymentPhone}</Fact>
        )}
        {order.paymentStatus && (
          <Fact label={t`Status`} badge>
            <PaymentStatusBadge status={order.paymentStatus} />
          </Fact>
        )}
      </dl>
    </OrderSection>
  );
}
