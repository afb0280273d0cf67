import { Trans } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import type { Order } from '@/lib/types';

const row = 'flex justify-between gap-4';

/** The amounts of an order a page shows (an order's, or a payment link's, which has no refunds). */
type Amounts = Pick<Order, 'subtotal' | 'discountCode' | 'discountAmount' | 'shippingFee' | 'totalAmount' | 'refundedAmount'>;

/** The server's amounts of an order: subtotal, the code's discount, shipping, total, and what was refunded. */
export function OrderTotals({ order }: { order: Amounts }) {
  return (
    <dl className="space-y-1.5 text-sm text-stone-700">
      {typeof order.subtotal === 'number' && (
        <div className={row}>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{formatPrice(order.subtotal)}</dd>
        </div>
      )}
      {(order.discountCode || order.discountAmount) ? (
        <div className={`${row} text-emerald-800`}>
          <dt className="min-w-0 break-words">
            {order.discountCode ? <Trans>Discount ({{ code: order.discountCode }})</Trans> : <Trans>Discount</Trans>}
          </dt>
          {/* A free-shipping code takes nothing off the merchandise: the shipping is 0 instead. */}
          <dd className="whitespace-nowrap">{order.discountAmount ? `-${formatPrice(order.discountAmount)}` : <Trans>Free shipping</Trans>}</dd>
        </div>
      ) : null}
      {typeof order.shippingFee === 'number' && (
        <div className={row}>
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd>{formatPrice(order.shippingFee)}</dd>
        </div>
      )}
      {typeof order.totalAmount === 'number' && (
        <div className={`${row} border-t border-stone-200 pt-2 text-base font-bold text-stone-900`}>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{formatPrice(order.totalAmount)}</dd>
        </div>
      )}
      {order.refundedAmount ? (
        <div className={`${row} font-semibold text-emerald-800`}>
          <dt>
            <Trans>Refunded</Trans>
          </dt>
          <dd>{formatPrice(order.refundedAmount)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
