import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircleIcon } from '@/components/ui/icons';
import { OrderItems } from '@/components/ui/OrderItems';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { btn } from '@/components/ui/styles';
import { useOrder } from '@/lib/api/orders';
import { formatPrice, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { paidWith } from '@/payments/paid';

/**
 * /order-success: the order paid (or placed to be paid in cash on delivery), from the checkout (its order in the history state) or, after a
 * card page, from `?order=<id>` (the server sends the browser there once the card is approved),
 * when the order is fetched (success is said once it is known to be paid). An order named there
 * that is not paid is shown on its own page.
 */
export function OrderSuccessPage() {
  const { t } = useLingui();
  const location = useLocation();
  const [params] = useSearchParams();
  const placed = (location.state as { order?: Order | null } | null)?.order ?? null;
  usePageTitle(placed?.paymentMethod === 'cash-on-delivery' && !placed.paid ? t`Order placed!` : t`Payment Successful!`);
  const id = placed ? undefined : (params.get('order') ?? undefined);
  const fetched = useOrder(id);
  if (id && fetched.isPending) return <PageLoading text={t`Loading order...`} />;
  if (fetched.data && !fetched.data.paid) return <Navigate to={`/orders/${encodeURIComponent(fetched.data._id)}`} replace />;
  const order = placed ?? fetched.data ?? null;
  // Cash on delivery: placed, to be paid to the rider.
  const cash = order !== null && order.paymentMethod === 'cash-on-delivery' && !order.paid;
  const total = formatPrice(order?.totalAmount);
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <CheckCircleIcon size={72} className="mx-auto text-emerald-600" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">
        {cash ? <Trans>Order placed!</Trans> : <Trans>Payment Successful!</Trans>}
      </h1>
      <p className="mt-3 text-stone-700">
        {cash ? (
          <Trans>Your order has been placed. Pay {total} in cash to the rider when it arrives. Thank you!</Trans>
        ) : (
          <Trans>Your order has been placed and payment received successfully. Thank you!</Trans>
        )}
      </p>
      {order && (
        <dl className="mx-auto mt-6 max-w-sm space-y-2 rounded-2xl bg-white p-5 text-left text-sm ring-1 ring-stone-200">
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">
              <Trans>Order</Trans>
            </dt>
            <dd className="font-mono">{orderNumber(order)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">{cash ? <Trans>Total to pay on delivery</Trans> : <Trans>Total paid</Trans>}</dt>
            <dd className="font-semibold">{total}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">
              <Trans>Payment</Trans>
            </dt>
            <dd data-testid="paid-with">{paidWith(order)}</dd>
          </div>
          {order.shippingAddress && (
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600">
                <Trans>Delivery to</Trans>
              </dt>
              <dd className="text-right">
                {order.shippingAddress.fullName}, {order.shippingAddress.city}
              </dd>
            </div>
          )}
          {order.products.length > 0 && (
            <div className="border-t border-stone-200 pt-2">
              <dt className="text-stone-600">
                <Trans>Items</Trans>
              </dt>
              <dd className="mt-1">
                <OrderItems lines={order.products} />
              </dd>
            </div>
          )}
        </dl>
      )}
      {!order && id && fetched.isError && (
        <RetryAlert className="mx-auto mt-6 max-w-sm text-left" onRetry={() => void fetched.refetch()}>
          <Trans>Your order's details could not be loaded.</Trans>
        </RetryAlert>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className={btn.primary}>
          <Trans>Continue Shopping</Trans>
        </Link>
        <Link to="/profile?tab=orders" className={btn.secondary}>
          <Trans>View my orders</Trans>
        </Link>
      </div>
    </div>
  );
}
