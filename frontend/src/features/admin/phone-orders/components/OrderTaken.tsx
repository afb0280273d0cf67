/**
 * The order just taken, as the server answered it: its lines, totals and delivery address, then
 * how it is to be paid. Its heading takes the focus, so keyboard and screen reader users start
 * from it.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OrderLineList } from '@/components/ui/OrderLineList';
import { OrderTotals } from '@/components/ui/OrderTotals';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { btn } from '@/components/ui/styles';
import { orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { admin } from '../../lib/ui';
import { PaymentActions } from './PaymentActions';

export function OrderTaken({ order: taken, onAnother }: { order: Order; onAnother: () => void }) {
  const { t } = useLingui();
  const [order, setOrder] = useState(taken);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const short = orderNumber(order);
  const customer = order.userId.name;
  const address = order.shippingAddress;

  return (
    <div className="mt-3 space-y-6">
      <div>
        <h1 ref={heading} tabIndex={-1} className={`${admin.pageTitle} focus:outline-none`}>
          <Trans>Order {short} created</Trans>
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-stone-700">
          <Trans>For {customer}</Trans>
          <PaymentStatusBadge status={order.paymentStatus} />
        </p>
      </div>
      <section aria-labelledby="summary-title" className={`${admin.card} space-y-4`}>
        <h2 id="summary-title" className="text-lg font-semibold text-stone-900">
          <Trans>Order summary</Trans>
        </h2>
        <OrderLineList lines={order.products} showSku />
        <OrderTotals order={order} />
        {address && (
          <div>
            <h3 className="font-semibold text-stone-900">
              <Trans>Delivery address</Trans>
            </h3>
            <ShippingAddressText address={address} className="mt-1 text-sm text-stone-700" />
          </div>
        )}
      </section>
      <div className={admin.card}>
        <PaymentActions order={order} onOrder={setOrder} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={`/admin/orders/${encodeURIComponent(order._id)}`} className={btn.secondary}>
          <Trans>Open the order page</Trans>
        </Link>
        <button type="button" className={btn.secondary} onClick={onAnother}>
          {t`Take another order`}
        </button>
      </div>
    </div>
  );
}
