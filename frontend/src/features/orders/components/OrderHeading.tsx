import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { OrderStatusBadge, shopperOrderStatus } from '@/components/ui/StatusBadge';
import { formatLongDate } from '@/lib/format';
import type { OrderDetail } from '@/lib/types';

/** The way back to the order list, the order's number, when it was placed and its status. */
export function OrderHeading({ order, short }: { order: OrderDetail; short: string }) {
  const placed = formatLongDate(order.createdAt);
  return (
    <>
      <Link to="/profile?tab=orders" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        ← <Trans>My orders</Trans>
      </Link>
      <div className="mt-1 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">
            <Trans>Order {short}</Trans>
          </h1>
          <p className="mt-1 text-stone-600">
            <Trans>Placed on {placed}</Trans>
          </p>
        </div>
        <OrderStatusBadge status={shopperOrderStatus(order)} />
      </div>
    </>
  );
}
